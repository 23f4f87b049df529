import type { Db } from '../db/database.ts';

/** Queries of credit purchases and low-credit notifications (rules are in credits.service.ts). */

export async function findFeatureSlug(db: Db, featureId: number): Promise<string | null> {
  const row = await db.selectFrom('feature').select('slug').where('id', '=', featureId).executeTakeFirst();
  return row?.slug ?? null;
}

/**
 * The outcome of a bundle's charge, recorded with its invoice's (invoice-charge.ts): paid bundles
 * hold their credits (the quantity bought); failed ones hold none and say why.
 */
export async function setBundleOutcome(db: Db, bundleId: number, outcome: { status: 'paid' } | { status: 'failed'; message: string }): Promise<void> {
  await db
    .updateTable('credit_bundle')
    .set((eb) =>
      outcome.status === 'paid'
        ? { payment_status: 'paid', total_balance: eb.ref('original_quantity'), error_message: null }
        : { payment_status: 'failed', total_balance: 0, error_message: outcome.message },
    )
    .where('id', '=', bundleId)
    .where('payment_status', '=', 'processing')
    .execute();
}
