/**
 * A frozen device (registered beyond its organization's free device allowance:
 * device-register.repository.ts `isBeyondFreeAllowance`; fleets spec §4, accounts spec §9)
 * stays registered and listed, but is not served, as balena serves one: its target-state polls
 * are answered 304 without a body or a heartbeat (it keeps running what it has and shows
 * offline), its state, tag and log uploads and its OData writes are 401, it gets no registry
 * token, and its link is refused, so no action, terminal or diagnostics reaches it. The dashboard sends its page to the fleet's (fleets spec
 * "A frozen device redirects to its fleet page").
 */
export const MSG_DEVICE_FROZEN = 'This device is frozen: its organization has more devices than its plan allows';
