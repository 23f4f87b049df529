import pg from 'pg';

/** One connection to the server `url` names, for statements no pool should run (CREATE, ALTER, DROP DATABASE). */
export async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
