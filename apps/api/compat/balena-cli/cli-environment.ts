// The balena-cli configuration a Flotilla user sets (README "Using balena-cli with Flotilla"), for
// the compatibility suite and the browser test of `balena login --web`.

/** The environment the README tells users to set; nothing is read from a ~/.balenarc.yml. */
export function cliEnvironment(apiUrl: string, dataDir: string): Record<string, string> {
  return {
    BALENARC_API_URL: apiUrl,
    // What `balena login` and `whoami` name as the "URL" (balena-cloud.com without it).
    BALENARC_BALENA_URL: new URL(apiUrl).host,
    BALENARC_DATA_DIRECTORY: dataDir,
    BALENARC_NO_SENTRY: '1',
    BALENARC_NO_ANALYTICS: '1',
    BALENARC_UNSUPPORTED: '1',
  };
}
