import type { ResourceDef } from '../types.ts';
import { creditBundleHooks, creditNotificationHooks } from '../../billing/credits.hooks.ts';
import { orgPermission } from '../access/org-rules.ts';
import { byPrincipal, column, everyone, fleetVia, nobody, type IdOf } from '../access/rule-builders.ts';
import { createdAt, field, fk, id, reverse, writable } from './field-helpers.ts';

/** Catalogue rows (plans, features, support tiers) are public; organization billing rows need access_billing. */
const catalogue = { read: everyone, create: nobody, update: nobody, delete: nobody };
const billingAccess = (orgOf: IdOf) => byPrincipal({ user: orgPermission('resin.organization.access_billing', orgOf) });
const billingRead = (orgOf: IdOf) => ({ read: billingAccess(orgOf), create: nobody, update: nobody, delete: nobody });

export const plan: ResourceDef = {
  name: 'plan',
  table: 'plan',
  fields: [
    id,
    createdAt,
    field('title', 'Short Text'),
    field('billing_code', 'Short Text'),
    field('tier_order', 'Integer'),
    field('can_self_serve', 'Boolean'),
    field('is_legacy', 'Boolean'),
    field('annual_price', 'Integer'),
    field('monthly_price', 'Integer'),
    field('included_devices', 'Integer'),
    field('supports_credits', 'Boolean'),
    field('is_valid_from__date', 'Date Time', { nullable: true }),
    field('is_valid_until__date', 'Date Time', { nullable: true }),
  ],
  navs: [reverse('plan_feature', 'plan_feature', 'plan', ['plan__has__feature']), reverse('plan_addon', 'plan_addon', 'plan')],
  naturalKeys: [['billing_code']],
  permissions: catalogue,
};

export const feature: ResourceDef = {
  name: 'feature',
  table: 'feature',
  fields: [id, createdAt, field('slug', 'Short Text'), field('title', 'Short Text'), field('billing_code', 'Short Text', { nullable: true })],
  navs: [reverse('support_feature', 'support_feature', 'feature')],
  naturalKeys: [['slug']],
  permissions: catalogue,
};

export const planFeature: ResourceDef = {
  name: 'plan_feature',
  aliases: ['plan__has__feature'],
  table: 'plan_feature',
  fields: [id, fk('plan', 'plan'), fk('feature', 'feature'), field('quantity', 'Integer')],
  naturalKeys: [['plan', 'feature']],
  permissions: catalogue,
};

export const planAddon: ResourceDef = {
  name: 'plan_addon',
  table: 'plan_addon',
  fields: [id, fk('plan', 'plan'), fk('feature', 'feature'), field('base_price', 'Integer'), field('bills_dynamically', 'Boolean'), field('can_self_serve', 'Boolean')],
  permissions: catalogue,
};

export const supportTier: ResourceDef = {
  name: 'support_tier',
  table: 'support_tier',
  fields: [id, createdAt, field('slug', 'Short Text'), field('title', 'Short Text'), field('includes__SLA', 'Boolean'), field('includes_private_support', 'Boolean')],
  naturalKeys: [['slug']],
  permissions: catalogue,
};

export const supportFeature: ResourceDef = {
  name: 'support_feature',
  table: 'support_feature',
  fields: [id, fk('feature', 'feature'), fk('support_tier', 'support_tier')],
  permissions: catalogue,
};

const subscriptionOrg = column('is_for__organization');

export const subscription: ResourceDef = {
  name: 'subscription',
  table: 'subscription',
  fields: [
    id,
    createdAt,
    fk('is_for__organization', 'organization'),
    fk('is_for__plan', 'plan', { aliases: ['plan'] }),
    field('billing_cycle', 'Short Text'),
    field('starts_on__date', 'Date Time'),
    field('ends_on__date', 'Date Time', { nullable: true }),
    field('discount_percentage', 'Integer'),
    field('is_active', 'Boolean'),
    field('origin', 'Short Text', { nullable: true }),
  ],
  navs: [
    reverse('subscription_prepaid_addon', 'subscription_prepaid_addon', 'is_for__subscription'),
    reverse('subscription_addon_discount', 'subscription_addon_discount', 'is_for__subscription'),
  ],
  // Members may read their organization's plan (feature gating); changes go through billing routes.
  permissions: {
    read: byPrincipal({ user: orgPermission('resin.organization.read', subscriptionOrg) }),
    create: nobody,
    update: nobody,
    delete: nobody,
  },
};

const viaSubscription = fleetVia('is_for__subscription', 'subscription', subscriptionOrg);

export const subscriptionPrepaidAddon: ResourceDef = {
  name: 'subscription_prepaid_addon',
  table: 'subscription_prepaid_addon',
  fields: [
    id,
    createdAt,
    fk('is_for__subscription', 'subscription'),
    fk('feature', 'feature'),
    field('quantity', 'Integer'),
    field('discount_percentage', 'Integer'),
    field('starts_on__date', 'Date Time'),
    field('expires_on__date', 'Date Time', { nullable: true }),
  ],
  permissions: billingRead(viaSubscription),
};

export const subscriptionAddonDiscount: ResourceDef = {
  name: 'subscription_addon_discount',
  table: 'subscription_addon_discount',
  fields: [id, fk('is_for__subscription', 'subscription'), fk('discounts__plan_addon', 'plan_addon'), field('discount_percentage', 'Integer')],
  permissions: billingRead(viaSubscription),
};

const bundleOrg = column('belongs_to__organization');

export const creditBundle: ResourceDef = {
  name: 'credit_bundle',
  table: 'credit_bundle',
  fields: [
    id,
    createdAt,
    fk('belongs_to__organization', 'organization', { writable: true, required: true }),
    fk('is_for__feature', 'feature', { writable: true, required: true }),
    fk('is_created_by__user', 'user', { nullable: true }),
    writable('original_quantity', 'Integer', { required: true }),
    field('total_balance', 'Integer'),
    field('total_cost', 'Integer'),
    field('payment_status', 'Short Text'),
    field('error_message', 'Text', { nullable: true }),
    field('expires_on__date', 'Date Time'),
  ],
  // A purchase is a POST (balena-sdk organization.creditBundle.create) by a billing user of the
  // organization; the hooks price it and charge it through the payment provider
  // (billing/credits.service.ts). Bundles never change or go away through OData.
  permissions: { read: billingAccess(bundleOrg), create: billingAccess(bundleOrg), update: nobody, delete: nobody },
  hooks: creditBundleHooks,
};

const notificationOrg = column('organization');

export const organizationCreditNotification: ResourceDef = {
  name: 'organization_credit_notification',
  table: 'organization_credit_notification',
  fields: [
    id,
    createdAt,
    fk('organization', 'organization', { writable: true, required: true }),
    fk('owns_credit_notification_for__feature', 'feature', { writable: true, required: true }),
    writable('is_sent_when_below__threshold', 'Integer', { required: true }),
  ],
  naturalKeys: [['organization', 'owns_credit_notification_for__feature']],
  permissions: {
    read: billingAccess(notificationOrg),
    create: billingAccess(notificationOrg),
    update: billingAccess(notificationOrg),
    delete: billingAccess(notificationOrg),
  },
  hooks: creditNotificationHooks,
};

export const invoice: ResourceDef = {
  name: 'invoice',
  table: 'invoice',
  fields: [
    id,
    createdAt,
    field('uuid', 'Short Text'),
    fk('organization', 'organization'),
    field('invoice_number', 'Short Text'),
    field('state', 'Short Text'),
    field('due_on', 'Date Time', { nullable: true }),
    field('paid_on', 'Date Time', { nullable: true }),
    field('total_in_cents', 'Integer'),
    field('currency', 'Short Text'),
  ],
  naturalKeys: [['invoice_number'], ['uuid']],
  permissions: billingRead(column('organization')),
};
