import { sql, type Kysely } from 'kysely';

// Frozen: portable DDL only. The cost classes of imported password hashes each cobrand's tries pay for: its primary key
// (cobrand, slot) with slots 0 to 3 bounds them per cobrand, and a class takes one slot (docs/decisions.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imported_hash_class')
    .addColumn('cobrand', 'varchar(100)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull().check(sql`slot >= 0 and slot < 4`))
    .addColumn('cost_class', 'varchar(200)', (c) => c.notNull())
    .addColumn('sample', 'varchar(1024)', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('imported_hash_class_pk', ['cobrand', 'slot'])
    .addUniqueConstraint('imported_hash_class_unique', ['cobrand', 'cost_class'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imported_hash_class').execute();
}
