CREATE TABLE "complaint_counts" (
	"grain" char(1) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"type_of_offence_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "complaint_counts_grain_bucket_organization_id_type_of_offence_id_status_pk" PRIMARY KEY("grain","bucket","organization_id","type_of_offence_id","status")
);
--> statement-breakpoint
CREATE TABLE "decision_hours" (
	"grain" char(1) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"hours" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "decision_hours_grain_bucket_organization_id_hours_pk" PRIMARY KEY("grain","bucket","organization_id","hours")
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
-- A complaint's decision time, from its history: the latest fined or waived row.
CREATE FUNCTION "complaints_decided_at_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE complaints c SET decided_at = greatest(c.decided_at, h.at)
  FROM (SELECT complaint_id, max(changed_at) AS at FROM new_rows WHERE to_status IN (3, 4) GROUP BY complaint_id) h
  WHERE c.id = h.complaint_id AND c.decided_at IS DISTINCT FROM greatest(c.decided_at, h.at);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "complaints_decided_at" AFTER INSERT ON "complaint_status_history"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "complaints_decided_at_keep"();--> statement-breakpoint
-- The counts of the complaints a statement inserted (+1), deleted (-1) or changed (-1 as they
-- were, +1 as they are: an update that moves nothing the counts see adds up to nothing). One
-- statement per write, however many rows: a bulk insert is counted at once. The rows are locked
-- in one order (the keys'), so two writers never wait for each other in a circle.
CREATE FUNCTION "complaint_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS d FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS d FROM old_rows'
    ELSE 'SELECT *, 1 AS d FROM new_rows UNION ALL SELECT *, -1 AS d FROM old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO complaint_counts AS c (grain, bucket, organization_id, type_of_offence_id, status, n)
    SELECT g.grain, date_trunc(g.unit, x.date_of_misconduct AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      x.organization_id, x.type_of_offence_id, x.status, sum(x.d)
    FROM (%s) x CROSS JOIN (VALUES ('d', 'day'), ('m', 'month')) g(grain, unit)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (grain, bucket, organization_id, type_of_offence_id, status) DO UPDATE SET n = c.n + excluded.n
  $q$, changed);
  EXECUTE format($q$
    INSERT INTO decision_hours AS c (grain, bucket, organization_id, hours, n)
    SELECT g.grain, date_trunc(g.unit, x.date_of_misconduct AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      x.organization_id, round(extract(epoch FROM x.decided_at - x.created_at) / 3600)::int, sum(x.d)
    FROM (%s) x CROSS JOIN (VALUES ('d', 'day'), ('m', 'month')) g(grain, unit)
    WHERE x.status IN (3, 4) AND x.decided_at IS NOT NULL
    GROUP BY 1, 2, 3, 4 HAVING sum(x.d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (grain, bucket, organization_id, hours) DO UPDATE SET n = c.n + excluded.n
  $q$, changed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "complaint_counts_insert" AFTER INSERT ON "complaints"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "complaint_counts_keep"();--> statement-breakpoint
CREATE TRIGGER "complaint_counts_update" AFTER UPDATE ON "complaints"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "complaint_counts_keep"();--> statement-breakpoint
CREATE TRIGGER "complaint_counts_delete" AFTER DELETE ON "complaints"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "complaint_counts_keep"();--> statement-breakpoint
-- Every count made again from the rows (npm run db:recount; and here, for the rows already there).
CREATE FUNCTION "complaint_counts_recompute"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE complaints IN SHARE MODE;
  UPDATE complaints c SET decided_at = h.at
  FROM (SELECT complaint_id, max(changed_at) AS at FROM complaint_status_history WHERE to_status IN (3, 4) GROUP BY complaint_id) h
  WHERE c.id = h.complaint_id AND c.decided_at IS DISTINCT FROM h.at;
  DELETE FROM complaint_counts;
  DELETE FROM decision_hours;
  INSERT INTO complaint_counts (grain, bucket, organization_id, type_of_offence_id, status, n)
  SELECT g.grain, date_trunc(g.unit, x.date_of_misconduct AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    x.organization_id, x.type_of_offence_id, x.status, count(*)
  FROM complaints x CROSS JOIN (VALUES ('d', 'day'), ('m', 'month')) g(grain, unit)
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO decision_hours (grain, bucket, organization_id, hours, n)
  SELECT g.grain, date_trunc(g.unit, x.date_of_misconduct AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    x.organization_id, round(extract(epoch FROM x.decided_at - x.created_at) / 3600)::int, count(*)
  FROM complaints x CROSS JOIN (VALUES ('d', 'day'), ('m', 'month')) g(grain, unit)
  WHERE x.status IN (3, 4) AND x.decided_at IS NOT NULL
  GROUP BY 1, 2, 3, 4;
END;
$$;--> statement-breakpoint
SELECT complaint_counts_recompute();
