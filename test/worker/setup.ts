import { applyD1Migrations, env } from "cloudflare:test";
import { buildSeedStatements } from "../../db/seed";

// Every test file starts from the migrated schema and the seed, as `npm start` serves it.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const statements = await buildSeedStatements();
await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
