import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w api` writes a new SQL migration after a change to the schema; the server applies them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
