/**
 * Rows a single device may own in each table it can write to, however they are written (a
 * user's OData POST, the device's own reports and POSTs): without them one device key could grow
 * its tags by 500 a report, or its configuration variables by one a request, for ever. Far above
 * what a fleet uses (the supervisor reports a dozen configuration variables).
 */
export const MAX_TAGS_PER_DEVICE = 1000;
export const MAX_VARIABLES_PER_DEVICE = 1000;

export const MSG_TOO_MANY_DEVICE_TAGS = `A device can have at most ${MAX_TAGS_PER_DEVICE} tags`;
export const MSG_TOO_MANY_DEVICE_CONFIG_VARIABLES = `A device can have at most ${MAX_VARIABLES_PER_DEVICE} configuration variables`;
export const MSG_TOO_MANY_DEVICE_ENV_VARIABLES = `A device can have at most ${MAX_VARIABLES_PER_DEVICE} environment variables`;
