/** `npm run create-admin -- --mobile 9876543210 --password 'a long password' [--name 'Full Name']` */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { parseConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { migrate } from '../server/db/migrate.js';
import { users } from '../server/db/schema.js';
import { hashPassword } from '../server/features/auth/passwords.js';
import { createUser } from '../server/features/auth/service.js';
import { revokeUserSessions } from '../server/http/session.js';

const { values } = parseArgs({
  options: { mobile: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
if (!values.mobile || !/^\d{10}$/.test(values.mobile) || !values.password || values.password.length < 8) {
  console.error('Usage: npm run create-admin -- --mobile <10 digits> --password <at least 8 characters> [--name "Full Name"]');
  process.exit(2);
}
const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const [existing] = await database.db.select().from(users).where(eq(users.mobileno, values.mobile));
  if (existing) {
    await database.db
      .update(users)
      .set({ role: 'ADMIN', passwordHash: await hashPassword(values.password), updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    await revokeUserSessions(database.db, existing.id);
    console.log(`User ${values.mobile} is now an ADMIN with the new password.`);
  } else {
    await createUser(database.db, {
      fullname: values.name ?? 'Administrator',
      mobileno: values.mobile,
      password: values.password,
      role: 'ADMIN',
    });
    console.log(`Administrator ${values.mobile} created.`);
  }
} finally {
  await database.close();
}
