-- Reference rows every installation needs (compat §6.4, fleets §6, accounts §3 and §9).
INSERT INTO cpu_architecture (slug) VALUES ('rpi'), ('armv7hf'), ('aarch64'), ('i386-nlp'), ('i386'), ('amd64');

INSERT INTO device_manufacturer (slug, name) VALUES
  ('raspberry-pi', 'Raspberry Pi Ltd'), ('intel', 'Intel'), ('nvidia', 'NVIDIA'),
  ('beagleboard', 'BeagleBoard.org'), ('generic', 'Generic');

INSERT INTO device_family (slug, name, is_manufactured_by__device_manufacturer)
SELECT f.slug, f.name, m.id FROM (VALUES
  ('raspberrypi', 'Raspberry Pi', 'raspberry-pi'), ('nuc', 'NUC', 'intel'),
  ('jetson', 'Jetson', 'nvidia'), ('beaglebone', 'BeagleBone', 'beagleboard'),
  ('generic', 'Generic', 'generic')) AS f (slug, name, maker)
JOIN device_manufacturer m ON m.slug = f.maker;

INSERT INTO device_type (slug, name, is_of__cpu_architecture, belongs_to__device_family, contract)
SELECT t.slug, t.name, a.id, f.id,
       jsonb_build_object(
         'slug', t.slug, 'name', t.name, 'type', 'sw.block', 'version', '1',
         'data', jsonb_build_object('arch', t.arch, 'hdmi', t.hdmi,
           'media', jsonb_build_object('defaultBoot', t.boot),
           'flashProtocol', t.flash),
         'partials', jsonb_build_object(
           'instructions', jsonb_build_array(
             'Write the OS image to the ' || t.boot || ' media.',
             'Insert the media and power on the ' || t.name || '.',
             'The device appears in the dashboard within a few minutes.')))
FROM (VALUES
  ('raspberrypi4-64', 'Raspberry Pi 4 (using 64bit OS)', 'aarch64', 'raspberrypi', true, 'sdcard', 'RPIBOOT'),
  ('raspberrypi3', 'Raspberry Pi 3', 'armv7hf', 'raspberrypi', true, 'sdcard', 'RPIBOOT'),
  ('raspberrypi5', 'Raspberry Pi 5', 'aarch64', 'raspberrypi', true, 'sdcard', 'RPIBOOT'),
  ('intel-nuc', 'Intel NUC', 'amd64', 'nuc', true, 'image', 'DD'),
  ('generic-amd64', 'Generic x86_64 (GPT)', 'amd64', 'generic', true, 'image', 'DD'),
  ('generic-aarch64', 'Generic AARCH64', 'aarch64', 'generic', false, 'image', 'DD'),
  ('jetson-orin-nano', 'Nvidia Jetson Orin Nano', 'aarch64', 'jetson', true, 'internal', 'jetsonFlash'),
  ('beaglebone-black', 'BeagleBone Black', 'armv7hf', 'beaglebone', false, 'sdcard', 'DD')
) AS t (slug, name, arch, family, hdmi, boot, flash)
JOIN cpu_architecture a ON a.slug = t.arch
JOIN device_family f ON f.slug = t.family;

INSERT INTO device_type_alias (device_type, is_referenced_by__alias)
SELECT id, slug FROM device_type;

INSERT INTO application_type (name, slug, description, supports_multicontainer, supports_web_url,
  supports_gateway_mode, requires_payment, is_legacy, needs__os_version_range, maximum_device_count)
VALUES
  ('Microservices', 'microservices', 'Multiple containers, public device URLs and the full feature set.',
   true, true, true, false, false, '>=2.12.0', NULL),
  ('Essentials', 'essentials', 'Single container applications with a public device URL.',
   false, true, false, false, false, '>=2.7.0', NULL),
  ('Starter', 'starter', 'Multiple containers for up to 10 devices.',
   true, true, true, false, false, '>=2.12.0', 10),
  ('Classic', 'classic', 'Legacy single-container application type.',
   false, true, false, false, true, NULL, NULL);

INSERT INTO organization_membership_role (name, description) VALUES
  ('administrator', 'Full access to the organization, can add administrators'),
  ('member', 'Read access to the organization; explicit access to fleets and teams');

INSERT INTO application_membership_role (name, description) VALUES
  ('administrator', 'Everything, plus fleet and membership management'),
  ('developer', 'Operator plus code, releases, images and fleet variables'),
  ('safe-developer', 'Limited Developer: cannot delete devices'),
  ('operator', 'Full device access including SSH, add and delete devices, device variables'),
  ('safe-operator', 'Limited Operator: cannot delete or configure devices'),
  ('observer', 'Read-only'),
  ('member', 'Read-only member');

INSERT INTO support_tier (slug, title, "includes__SLA", includes_private_support) VALUES
  ('community', 'Community support', false, false),
  ('standard', 'Standard support', false, true),
  ('priority', 'Priority support', true, true);

INSERT INTO feature (slug, title, billing_code) VALUES
  ('member:member', 'Member seats', 'member:member'),
  ('member:administrator', 'Administrator seats', 'member:administrator'),
  ('member:developer', 'Developer seats', 'member:developer'),
  ('member:safe-developer', 'Limited developer seats', 'member:safe-developer'),
  ('member:operator', 'Operator seats', 'member:operator'),
  ('member:safe-operator', 'Limited operator seats', 'member:safe-operator'),
  ('member:observer', 'Observer seats', 'member:observer'),
  ('member:any', 'Team members', 'member:any'),
  ('device:any', 'Devices', 'device:any'),
  ('device:microservices', 'Microservices devices', 'device:microservices'),
  ('device:legacy-v1', 'Legacy devices (v1)', 'device:legacy-v1'),
  ('device:legacy-v2', 'Legacy devices (v2)', 'device:legacy-v2'),
  ('support:community', 'Community support', 'support:community'),
  ('support:standard', 'Private support', 'support:standard'),
  ('support:priority', 'Priority support with SLA', 'support:priority'),
  ('saml_access', 'SAML single sign-on', 'saml_access'),
  ('safe-roles-preview-addon', 'Limited roles (preview)', 'safe-roles-preview-addon');

INSERT INTO support_feature (feature, support_tier)
SELECT f.id, t.id FROM feature f JOIN support_tier t ON f.slug = 'support:' || t.slug;

-- Prices in cents. Only pilot, production and enterprise support credits (accounts §5).
INSERT INTO plan (title, billing_code, tier_order, can_self_serve, monthly_price, annual_price, included_devices, supports_credits) VALUES
  ('Free', 'free', 0, true, 0, 0, 10, false),
  ('Prototype', 'prototype-v2', 1, true, 9900, 106920, 20, false),
  ('Pilot', 'pilot-v2', 2, true, 29900, 322920, 50, true),
  ('Production', 'production-v2', 3, true, 99900, 1078920, 150, true),
  ('Enterprise', 'enterprise-v2', 4, false, 299900, 3238920, 1000, true),
  ('Custom', 'custom', 5, false, 0, 0, 0, false);

INSERT INTO plan_feature (plan, feature, quantity)
SELECT p.id, f.id, x.quantity FROM (VALUES
  ('free', 'device:any', 10), ('free', 'member:any', 5), ('free', 'support:community', 1),
  ('prototype-v2', 'device:any', 20), ('prototype-v2', 'member:any', 10), ('prototype-v2', 'support:standard', 1),
  ('pilot-v2', 'device:any', 50), ('pilot-v2', 'member:any', 20), ('pilot-v2', 'support:standard', 1),
  ('pilot-v2', 'safe-roles-preview-addon', 1),
  ('production-v2', 'device:any', 150), ('production-v2', 'member:any', 50), ('production-v2', 'support:priority', 1),
  ('production-v2', 'saml_access', 1), ('production-v2', 'safe-roles-preview-addon', 1),
  ('enterprise-v2', 'device:any', 1000), ('enterprise-v2', 'member:any', 1000), ('enterprise-v2', 'support:priority', 1),
  ('enterprise-v2', 'saml_access', 1), ('enterprise-v2', 'safe-roles-preview-addon', 1)
) AS x (plan, feature, quantity)
JOIN plan p ON p.billing_code = x.plan
JOIN feature f ON f.slug = x.feature;

-- Per-device and per-seat add-ons billed on usage (accounts §9: microservices device 200-300 cents/month).
INSERT INTO plan_addon (plan, feature, base_price, bills_dynamically, can_self_serve)
SELECT p.id, f.id, x.base_price, x.dynamic, true FROM (VALUES
  ('prototype-v2', 'device:microservices', 300, true),
  ('pilot-v2', 'device:microservices', 200, true),
  ('production-v2', 'device:microservices', 200, true),
  ('prototype-v2', 'member:developer', 4900, true),
  ('pilot-v2', 'member:developer', 4900, true),
  ('production-v2', 'member:developer', 4900, true),
  ('pilot-v2', 'member:operator', 2900, true),
  ('production-v2', 'member:operator', 2900, true)
) AS x (plan, feature, base_price, dynamic)
JOIN plan p ON p.billing_code = x.plan
JOIN feature f ON f.slug = x.feature;

INSERT INTO support_ticket_field (type, title_in_portal, required_in_portal, options, position) VALUES
  ('subject', 'Subject', true, NULL, 1),
  ('description', 'Description', true, NULL, 2),
  ('tagger', 'Product area', false,
   '[{"name":"Devices","value":"devices"},{"name":"Fleets and releases","value":"fleets"},{"name":"Billing","value":"billing"},{"name":"Other","value":"other"}]'::jsonb, 3),
  ('priority', 'Priority', false,
   '[{"name":"Low","value":"low"},{"name":"Normal","value":"normal"},{"name":"High","value":"high"},{"name":"Urgent","value":"urgent"}]'::jsonb, 4);
