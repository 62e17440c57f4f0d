-- The home page's films, edited from the back-office like the other storefront lists (0041): each a title, its
-- story, a poster picture and the film as MP4 and/or WebM ('' for the one it lacks), in its order (position).
-- Its writes announce themselves on catalogue_changed (0070), so the cached home page content goes at once.
-- A shop starts with the two films its home page always showed (the clips under web/public/videos, as
-- server/features/storefront/seed.ts DEMO_FILMS says); the merchant replaces or removes them.
CREATE TABLE "storefront_films" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"poster" text NOT NULL,
	"mp4" text DEFAULT '' NOT NULL,
	"webm" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER "storefront_films_changed" AFTER INSERT OR UPDATE OR DELETE ON "storefront_films"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "storefront_films_truncated" AFTER TRUNCATE ON "storefront_films"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
INSERT INTO "storefront_films" ("position", "title", "text", "poster", "mp4", "webm") VALUES
	(0, 'How every stone is certified',
		'Each gemstone is weighed, measured and tested by an independent laboratory before it is listed. The certificate travels with your stone.',
		'/images/video-certification.svg', '/videos/certification.mp4', '/videos/certification.webm'),
	(1, 'From our Ludhiana workshop',
		'Our gemmologists select rough and cut stones, and our craftsmen set rings, pendants and bracelets in silver and gold.',
		'/images/video-workshop.svg', '/videos/workshop.mp4', '/videos/workshop.webm');
