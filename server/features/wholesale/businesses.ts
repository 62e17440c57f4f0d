// Business accounts: a buyer applies with the business's legal details; the merchant approves, rejects or
// suspends it, gives it a price group and credit terms; the buyer is told (outbox).
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise } from '../../../contract/common.js';
import {
  type AdminBusiness,
  BUSINESS_PAGE_SIZE,
  type Business,
  type BusinessBody,
  type BusinessPatchBody,
  type BusinessStatus,
} from '../../../contract/wholesale.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { businesses, priceGroups, users } from '../../db/schema.js';
import { creditPosition } from '../../domain/credit-position.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../categories/service.js';
import { notifyUser } from '../outbox/outbox.js';

type BusinessRow = typeof businesses.$inferSelect;
const GSTIN_TAKEN = 'This GSTIN is registered to another account';

const businessColumns = {
  row: businesses,
  groupName: priceGroups.name,
};

function toBusiness(row: BusinessRow, groupName: string | null): Business {
  return {
    _id: row.id,
    status: row.status,
    legalname: row.legalname,
    tradename: row.tradename,
    gstin: row.gstin,
    address: row.address,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    note: row.note,
    reason: row.reason,
    pricegroup: row.priceGroupId && groupName !== null ? { _id: row.priceGroupId, name: groupName } : null,
    credit:
      row.creditDays > 0
        ? { days: row.creditDays, limit: paiseToRupees(Number(row.creditLimitPaise)), outstanding: 0, overdue: false }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectBusinesses(db: DbOrTx) {
  return db.select(businessColumns).from(businesses).leftJoin(priceGroups, eq(priceGroups.id, businesses.priceGroupId));
}

/** The user's business profile, or null when they never applied. */
export async function businessOf(db: DbOrTx, userId: string): Promise<Business | null> {
  const [found] = await selectBusinesses(db).where(eq(businesses.userId, userId)).limit(1);
  if (!found) return null;
  const business = toBusiness(found.row, found.groupName);
  if (!business.credit) return business;
  // What the business owes on credit orders and whether one is past its due date (docs/credit.md).
  const position = await creditPosition(db, userId, new Date());
  return {
    ...business,
    credit: { ...business.credit, outstanding: paiseToRupees(position.outstandingPaise), overdue: position.overdue },
  };
}

async function businessById(db: DbOrTx, id: string): Promise<Business> {
  const [found] = await selectBusinesses(db).where(eq(businesses.id, id)).limit(1);
  if (!found) throw new NotFound('Business not found');
  return toBusiness(found.row, found.groupName);
}

/**
 * "Buy for your business": a new application, pending. A rejected or suspended business applies again on its
 * row. A GSTIN another account has, or a second application while one is pending or approved, is a 409.
 */
export async function applyForBusiness(db: Db, userId: string, input: BusinessBody): Promise<Business> {
  const values = {
    legalname: input.legalname,
    tradename: input.tradename ?? '',
    gstin: input.gstin,
    address: input.address,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
    note: input.note ?? '',
    status: 'pending' as const,
    reason: '',
    updatedAt: new Date(),
  };
  try {
    await db.transaction(async (tx) => {
      const [mine] = await tx.select().from(businesses).where(eq(businesses.userId, userId)).for('update').limit(1);
      if (mine?.status === 'pending') throw new Conflict('Your business account application is already waiting for approval');
      if (mine?.status === 'approved') throw new Conflict('Your business account is already approved');
      const [other] = await tx
        .select({ id: businesses.id })
        .from(businesses)
        .where(and(eq(businesses.gstin, input.gstin), ne(businesses.userId, userId)))
        .limit(1);
      if (other) throw new Conflict(GSTIN_TAKEN);
      if (mine) await tx.update(businesses).set(values).where(eq(businesses.id, mine.id));
      else await tx.insert(businesses).values({ ...values, userId });
    });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) {
      const constraint =
        (err as { constraint?: string }).constraint ?? (err as { cause?: { constraint?: string } }).cause?.constraint;
      throw new Conflict(constraint === 'businesses_gstin_key' ? GSTIN_TAKEN : 'You have already applied for a business account');
    }
    throw err;
  }
  return (await businessOf(db, userId)) as Business;
}

/** The back-office's list: newest first, 20 a page, with each business's user. */
export async function listBusinesses(db: DbOrTx, page: number, status?: BusinessStatus) {
  const where = status ? eq(businesses.status, status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...businessColumns, userId: users.id, fullname: users.fullname, mobileno: users.mobileno })
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.userId))
      .leftJoin(priceGroups, eq(priceGroups.id, businesses.priceGroupId))
      .where(where)
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(BUSINESS_PAGE_SIZE)
      .offset((page - 1) * BUSINESS_PAGE_SIZE),
    db.select({ n: count() }).from(businesses).where(where),
  ]);
  const total = Number(counted?.n ?? 0);
  const list: AdminBusiness[] = rows.map((r) => ({
    ...toBusiness(r.row, r.groupName),
    user: { _id: r.userId, fullname: r.fullname, mobileno: r.mobileno },
  }));
  return {
    businesses: list,
    pagination: {
      currentPage: page,
      totalPages: Math.ceil(total / BUSINESS_PAGE_SIZE),
      totalItems: total,
      limit: BUSINESS_PAGE_SIZE,
    },
  };
}

/** What the buyer is told when the status changes to one of these. */
const TOLD: ReadonlySet<BusinessStatus> = new Set(['approved', 'rejected', 'suspended']);

/** The merchant's changes: status (the buyer is told), price group, credit terms. */
export async function updateBusiness(db: Db, id: string, patch: BusinessPatchBody): Promise<Business> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(businesses).where(eq(businesses.id, id)).for('update').limit(1);
    if (!current) throw new NotFound('Business not found');
    if (patch.pricegroupId) {
      const [group] = await tx.select({ id: priceGroups.id }).from(priceGroups).where(eq(priceGroups.id, patch.pricegroupId));
      if (!group) throw new InvalidInput('No such price group', [{ path: 'pricegroupId', message: 'Choose a price group' }]);
    }
    const values: Partial<typeof businesses.$inferInsert> = { updatedAt: new Date() };
    if (patch.status !== undefined) values.status = patch.status;
    if (patch.reason !== undefined) values.reason = patch.reason;
    else if (patch.status === 'approved' || patch.status === 'pending') values.reason = '';
    if (patch.pricegroupId !== undefined) values.priceGroupId = patch.pricegroupId;
    if (patch.creditdays !== undefined) values.creditDays = patch.creditdays;
    if (patch.creditlimit !== undefined) values.creditLimitPaise = rupeesToPaise(patch.creditlimit);
    await tx.update(businesses).set(values).where(eq(businesses.id, id));
    if (patch.status !== undefined && patch.status !== current.status && TOLD.has(patch.status)) {
      await notifyUser(tx, current.userId, 'business_updated', {
        status: patch.status,
        name: current.tradename || current.legalname,
        reason: values.reason ?? current.reason,
      });
    }
  });
  return businessById(db, id);
}
