import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `sub_ids` a short link was made with (joined with `-`, as Shopee's `sub_id`), so the account page can show
 * clicks per sub id. A link's target already carries them, so a (member, domain, target) has one value; links
 * made before this migration have `''`.
 */
export class ShortLinkSubId1795421000000 implements MigrationInterface {
  name = 'ShortLinkSubId1795421000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "short_links" ADD "sub_id" character varying(300) NOT NULL DEFAULT ''`);
    await queryRunner.query(`CREATE INDEX "IDX_short_links_member_sub_id" ON "short_links" ("member_id", "sub_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_short_links_member_sub_id"`);
    await queryRunner.query(`ALTER TABLE "short_links" DROP COLUMN "sub_id"`);
  }
}
