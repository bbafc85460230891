import { describe, expect, it } from 'vitest';
import { API } from '@groupflow/core/contracts';
import { fixture, staffUserWire } from './testing.tsx';

describe('fixture', () => {
  it('returns a value the endpoint’s response schema accepts', () => {
    const members = [staffUserWire({ id: 1, username: 'ada', role: 'platform_owner' })];
    expect(fixture(API.staff.listStaff, members)).toEqual(members);
  });

  it('fails, naming the endpoint and the field, when the fixture misses a field', () => {
    const { email: _email, ...withoutEmail } = staffUserWire({ id: 1, username: 'ada', role: 'platform_owner' });
    expect(() => fixture(API.staff.listStaff, [withoutEmail as never])).toThrow(
      /Fixture for GET \/api\/staff\/all does not match its response:\n0\.email: /,
    );
  });
});
