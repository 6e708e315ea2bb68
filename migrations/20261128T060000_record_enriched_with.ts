import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code from a migration.
export async function up(db: Kysely<any>): Promise<void> {
  // What each enrichment used: the owner's plan then and the plan features that shaped the result
  // ({plan, features}); a later, richer plan finds the links behind it (decision 041).
  await db.schema.alterTable("links").addColumn("enriched_with", "jsonb").execute();
  // Links enriched (and counted) here before this column: the plan in force at enriched_at, read from the role changes
  // the audit trail kept (the last one before, else the first one after says what it changed from,
  // else the role now), with the features that plan had by default then. An operator's switch-off
  // at the time is not known: such a link looks a little richer than it was.
  await sql`
    update links l set enriched_with = jsonb_build_object(
      'plan', p.plan,
      'features', case p.plan
        when 'FreeUser' then '[]'::jsonb
        when 'LiteUser' then '["tagSuggestions","codeSnippets"]'::jsonb
        else '["tagSuggestions","codeSnippets","contentPreferences"]'::jsonb
      end)
    from (
      select l2.id, coalesce(
        (select a.after->>'role' from audit_events a
          where a.target_type = 'user' and a.target_id = l2.user_id::text
            and a.action in ('plan.changed', 'user.role-changed') and a.created_at <= l2.enriched_at
          order by a.created_at desc limit 1),
        (select a.before->>'role' from audit_events a
          where a.target_type = 'user' and a.target_id = l2.user_id::text
            and a.action in ('plan.changed', 'user.role-changed') and a.created_at > l2.enriched_at
          order by a.created_at asc limit 1),
        u.role) as plan
      from links l2 join users u on u.id = l2.user_id
      where l2.status = 'enriched' and l2.enriched_at is not null
        -- One restored from an export file was not enriched here: it stays unrecorded.
        and exists (select 1 from enrichment_usage e where e.link_id = l2.id)
    ) p
    where l.id = p.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("links").dropColumn("enriched_with").execute();
}
