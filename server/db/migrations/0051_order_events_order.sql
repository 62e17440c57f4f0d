-- Timeline events written in the same millisecond (the embedded database's clock) kept their random id as
-- the tie-break; a sequence number keeps them in the order they were written.
ALTER TABLE "order_events" ADD COLUMN "seq" bigserial NOT NULL;
