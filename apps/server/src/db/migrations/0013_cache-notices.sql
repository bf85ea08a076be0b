-- Cache notices (docs/decisions/029-read-cache.md): every committed change to a table the
-- parent's answers are read from tells every instance which answers it may have changed, on
-- the channel `portal_cache` (PostgreSQL sends notices at commit and drops them on rollback).
-- A notice names one key:
--   g                    every answer (a table shared by all schools)
--   s:<school>           every answer of the school
--   p:<school>:<parent>  the parent's answers
--   c:<school>:<enroll>  the answers of every parent of that child
--   x:<school>:<parent>  the parent's sessions (a session ended)
-- A row names the keys of its columns: `parent_id`, `enroll_number`, `enroll_numbers`; a
-- row with none of them names its school. A statement touching more than 200 keys names
-- each school instead.
CREATE FUNCTION portal_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scope text := TG_ARGV[0];
  -- The key columns the table has (portal_cache_watch): only they are read, never a whole
  -- row (a photo's bytes would be copied for nothing).
  key_columns text[] := string_to_array(TG_ARGV[1], ',');
  picked text;
  changed_keys text[];
  changed_key text;
BEGIN
  IF scope = 'all' THEN
    PERFORM pg_notify('portal_cache', 'g');
    RETURN NULL;
  END IF;
  SELECT string_agg(format('%L, c.%I', col, col), ', ') INTO picked FROM unnest(key_columns) col;
  EXECUTE format($query$
    SELECT array_agg(DISTINCT keyed.k)
    FROM (SELECT jsonb_build_object(%s) AS j FROM changed_rows c) r,
    LATERAL (
      SELECT 's:' || (r.j->>'school_id') AS k
      WHERE $1 = 'school'
        OR (r.j->>'parent_id' IS NULL AND r.j->>'enroll_number' IS NULL
          AND jsonb_typeof(r.j->'enroll_numbers') IS DISTINCT FROM 'array')
      UNION ALL
      SELECT 'p:' || (r.j->>'school_id') || ':' || (r.j->>'parent_id')
      WHERE $1 = 'rows' AND r.j->>'parent_id' IS NOT NULL
      UNION ALL
      SELECT 'c:' || (r.j->>'school_id') || ':' || (r.j->>'enroll_number')
      WHERE $1 = 'rows' AND r.j->>'enroll_number' IS NOT NULL
      UNION ALL
      SELECT 'c:' || (r.j->>'school_id') || ':' || e.value
      FROM jsonb_array_elements_text(
        CASE WHEN $1 = 'rows' AND jsonb_typeof(r.j->'enroll_numbers') = 'array'
          THEN r.j->'enroll_numbers' ELSE '[]'::jsonb END) e
    ) keyed
    WHERE keyed.k IS NOT NULL$query$, picked)
  INTO changed_keys USING scope;
  IF changed_keys IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(changed_keys) > 200 THEN
    SELECT array_agg(DISTINCT 's:' || split_part(k, ':', 2)) INTO changed_keys FROM unnest(changed_keys) k;
  END IF;
  FOREACH changed_key IN ARRAY changed_keys LOOP
    PERFORM pg_notify('portal_cache', changed_key);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Watches a table: one statement-level trigger per kind of change, each seeing the rows it changed.
CREATE FUNCTION portal_cache_watch(watched regclass, scope text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_columns text;
BEGIN
  SELECT string_agg(a.attname, ',' ORDER BY a.attname) INTO key_columns
  FROM pg_attribute a
  WHERE a.attrelid = watched AND a.attnum > 0 AND NOT a.attisdropped
    AND a.attname IN ('school_id', 'parent_id', 'enroll_number', 'enroll_numbers');
  IF key_columns IS NULL THEN
    key_columns := '';
  END IF;
  EXECUTE format('CREATE TRIGGER portal_cache_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS changed_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_notify(%L, %L)', watched, scope, key_columns);
  EXECUTE format('CREATE TRIGGER portal_cache_update AFTER UPDATE ON %s REFERENCING NEW TABLE AS changed_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_notify(%L, %L)', watched, scope, key_columns);
  EXECUTE format('CREATE TRIGGER portal_cache_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS changed_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_notify(%L, %L)', watched, scope, key_columns);
END $$;
--> statement-breakpoint
-- A session's end (sign-out, sign-out everywhere, a password change) reaches every instance's
-- session cache at once; its other writes (last seen) name nothing.
CREATE FUNCTION portal_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_cache', 'x:' || NEW.school_id || ':' || NEW.parent_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_session_ended AFTER UPDATE OF revoked_at ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION portal_session_ended();
--> statement-breakpoint
-- Every table is watched but these (apps/server/test/read-cache-notices.test.ts keeps the list):
-- sessions (above), sign-in state and logs no answer reads (sign_ins, sign_in_guards,
-- one_time_codes, webauthn_challenges, audit_log, sensitive_reads, missing_translations,
-- payment_events), portal_secrets, document numbering (document_counters,
-- issued_document_numbers) and payment_allocations (written with their payment's row, which names
-- the parent and child). Class ambassadors are shown to the whole class: they name the school.
-- Applications are shared by every school.
DO $$
DECLARE
  watched record;
BEGIN
  FOR watched IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND c.relname NOT IN ('sessions', 'sign_ins', 'sign_in_guards', 'one_time_codes',
        'webauthn_challenges', 'audit_log', 'sensitive_reads', 'missing_translations',
        'payment_events', 'portal_secrets', 'document_counters', 'issued_document_numbers',
        'payment_allocations')
  LOOP
    PERFORM portal_cache_watch(watched.relname::regclass,
      CASE watched.relname WHEN 'applications' THEN 'all' WHEN 'class_ambassadors' THEN 'school' ELSE 'rows' END);
  END LOOP;
END $$;
