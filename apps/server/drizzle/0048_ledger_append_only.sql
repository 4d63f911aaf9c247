-- The ledger is append-only, as the audit trail is: a line or entry once written is never changed or removed (a
-- correction is a new entry), not even by the app's own role. `npm run ledger:check` still proves what a database
-- administrator could do beyond that.
-- A line's entry is checked once per inserting statement instead of by a foreign key, which checked (and share-locked)
-- the entry once per line: ~30 ms of each ~190 ms batch of the nightly book's worst night (6,000 lines a batch). With
-- both tables append-only, an entry can never be deleted or re-keyed under its lines, the rest of what the key guarded.
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk";--> statement-breakpoint
-- hand-written:
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_update_or_delete" BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE FUNCTION "ledger_lines_have_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orphan text;
BEGIN
  SELECT l.entry_id INTO orphan FROM new_lines l
  WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = l.entry_id) LIMIT 1;
  IF orphan IS NOT NULL THEN
    RAISE EXCEPTION 'ledger line without its entry %', orphan USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_lines_entry_exists" AFTER INSERT ON "ledger_lines" REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_lines_have_entries"();
