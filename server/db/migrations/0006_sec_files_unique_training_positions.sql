-- Two trainings of a store never share a position (issue 9). Ties left by earlier reorders are first told
-- apart, keeping the order read so far (position, then id) and the gaps: each row takes max(its position, the
-- previous one's + 1). The constraint is checked at commit (DEFERRABLE INITIALLY DEFERRED), so that statements
-- that move many rows at once (a reorder, the shift after a duplication) may pass through ties on the way.
UPDATE "trainings" SET "position" = "ranked"."fixed"
FROM (
  SELECT "id", ("rank" + max("position" - "rank") OVER (PARTITION BY "store_id" ORDER BY "rank" ROWS UNBOUNDED PRECEDING))::int AS "fixed"
  FROM (
    SELECT "id", "store_id", "position", row_number() OVER (PARTITION BY "store_id" ORDER BY "position", "id") - 1 AS "rank"
    FROM "trainings"
  ) AS "ordered"
) AS "ranked"
WHERE "trainings"."id" = "ranked"."id" AND "trainings"."position" <> "ranked"."fixed";
--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_store_position_unique" UNIQUE ("store_id", "position") DEFERRABLE INITIALLY DEFERRED;
