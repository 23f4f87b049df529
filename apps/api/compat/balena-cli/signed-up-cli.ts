// A new user with both clients: the balena-sdk (for set-up and read-back) and a balena-cli
// logged in with that user's session token (the commands under test).
import { signedUpSdk, type LiveServer, type SignedUp } from '../sdk-fixtures.ts';
import { balenaCli, type BalenaCli } from './cli.ts';

export async function signedUpCli(server: LiveServer): Promise<SignedUp & { cli: BalenaCli }> {
  const signedUp = await signedUpSdk(server);
  const cli = balenaCli(server.url);
  await cli.login((await signedUp.sdk.auth.getToken()) as string);
  return { ...signedUp, cli };
}
