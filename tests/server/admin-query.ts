// One statement on its own short connection: creating and dropping the tests' databases.
import pg from 'pg';

export const adminQuery = async (url: string, text: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
