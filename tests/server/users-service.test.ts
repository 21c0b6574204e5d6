// The account rules of services/users.ts where no route or CLI test reaches them (found by the
// mutation run of the file, docs/dev/mutation-scores.md): an email is one account however it is
// spaced or cased, and a role outside ROLES is refused with its name before anything is stored.
import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/roles';
import { createUser, findUser, removeUser, setPassword } from '../../src/server/services/users';
import { useHarness } from './harness';

const h = useHarness();
const PASSWORD = 'Zuckerrübe-2025!';

describe('users service', () => {
  it('finds an account, sets its password and removes it by its email with spaces and capitals around it', async () => {
    const created = await createUser(
      h.db,
      { email: 'Spaced@Lab.Example', password: PASSWORD, role: 'ROLE_READER' },
      'test',
    );
    expect(created.email).toBe('spaced@lab.example');
    expect((await findUser(h.db, '  SPACED@lab.example\t'))?.id).toBe(created.id);
    const changed = await setPassword(h.db, ' spaced@LAB.example ', `${PASSWORD}-2`, 'test');
    expect(changed.credentialVersion).not.toBe(created.credentialVersion);
    expect((await removeUser(h.db, '\tSpaced@Lab.Example  ', 'test')).id).toBe(created.id);
    expect(await findUser(h.db, 'spaced@lab.example')).toBeUndefined();
  });

  it('refuses a role that is not one of the roles, naming it, and stores nothing', async () => {
    await expect(
      createUser(h.db, { email: 'root@lab.example', password: PASSWORD, role: 'ROLE_ROOT' as Role }, 'test'),
    ).rejects.toThrow("Unknown role 'ROLE_ROOT'");
    expect(await findUser(h.db, 'root@lab.example')).toBeUndefined();
  });
});
