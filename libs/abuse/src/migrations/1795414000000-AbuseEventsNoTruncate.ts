import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The abuse log is append-only against TRUNCATE too (the AbuseModule migration's trigger covers UPDATE and
 * DELETE, which TRUNCATE skips). Written by hand, reusing its function.
 *
 * The service never sets `session_replication_role`; emptying the table is left to a test or admin path: a
 * superuser session that sets `session_replication_role = replica` for one transaction (`SET LOCAL`), which
 * skips ordinary triggers and ends with the transaction. Setting it needs superuser (or a SET privilege granted
 * on it, PostgreSQL 15+); the test cleanup (test/support/test-app.ts, `emptyTables`) and an admin at psql use
 * it. This guards against the service's own code and against mistakes, not against the table's owner (the role
 * that runs the migrations could `ALTER TABLE … DISABLE TRIGGER`).
 */
export class AbuseEventsNoTruncate1795414000000 implements MigrationInterface {
  name = 'AbuseEventsNoTruncate1795414000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TRIGGER "abuse_events_no_truncate" BEFORE TRUNCATE ON "abuse_events" FOR EACH STATEMENT EXECUTE FUNCTION "abuse_events_append_only"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "abuse_events_no_truncate" ON "abuse_events"`);
  }
}
