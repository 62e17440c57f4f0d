-- Sign-in by a code sent by SMS: one code per mobile number (an account or not), kept as a keyed hash, valid 10
-- minutes, used once, voided after 5 wrong tries.
CREATE TABLE "signin_codes" (
  "mobileno" text PRIMARY KEY NOT NULL,
  "code_hash" text NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
