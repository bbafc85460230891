import { describe, expect, it } from 'vitest';
import { SearchCustomers, type CustomerDirectory, type CustomerMatch } from './searchCustomers.ts';

class InMemoryCustomerDirectory implements CustomerDirectory {
  readonly searches: { text: string; limit: number }[] = [];
  readonly accounts: CustomerMatch[];
  constructor(accounts: CustomerMatch[]) {
    this.accounts = accounts;
  }

  async searchByName(text: string, limit: number): Promise<CustomerMatch[]> {
    this.searches.push({ text, limit });
    const wanted = text.toLowerCase();
    return this.accounts
      .filter((a) => [a.username, a.robloxUsername ?? ''].some((name) => name.toLowerCase().includes(wanted)))
      .slice(0, limit);
  }
}

const raider = { id: 21, username: 'raider', robloxUsername: 'RaiderRbx' };
const rain = { id: 22, username: 'rainy', robloxUsername: null };
const other = { id: 23, username: 'bystander', robloxUsername: 'Raid3' };

describe('SearchCustomers', () => {
  it('answers the accounts whose name or Roblox name contains the text, trimmed', async () => {
    const directory = new InMemoryCustomerDirectory([raider, rain, other]);
    const sut = new SearchCustomers(directory, 10);
    await expect(sut.execute('  rai ')).resolves.toEqual([raider, rain, other]);
    expect(directory.searches).toEqual([{ text: 'rai', limit: 10 }]);
  });

  it('answers at most the configured number of matches', async () => {
    const sut = new SearchCustomers(new InMemoryCustomerDirectory([raider, rain, other]), 2);
    await expect(sut.execute('rai')).resolves.toHaveLength(2);
  });
});
