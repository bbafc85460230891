/**
 * What every TicketRepository must do, as the support use cases rely on it: stated once and run against the
 * in-memory fake (fakes.test.ts) and the PostgreSQL adapter (MikroOrmTicketRepository.int.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { NewTicket, TicketMessageRepository, TicketRepository } from '../ports.ts';
import { DEFAULT_SLA_POLICIES } from '../sla.ts';

/** An empty store, its messages (a deleted ticket takes its own along) and a way to add the staff who claim. */
export interface TicketRepositorySubject {
  tickets: TicketRepository;
  messages: TicketMessageRepository;
  /** Adds a staff member of that (unique) username and answers their id. */
  addStaff(username: string): Promise<number>;
}

const T0 = new Date('2026-03-02T08:00:00.000Z');
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const after = (ms: number) => new Date(T0.getTime() + ms);
/** Every priority's policy, as the use cases pass them (completePolicies): urgent answers in 30 min, solves in 8 h. */
const POLICIES = DEFAULT_SLA_POLICIES;

const newTicket = (overrides: Partial<NewTicket> = {}): NewTicket => ({
  title: 'Bot offline',
  description: 'It stopped answering',
  category: null,
  priority: 'urgent',
  userEmail: 'vera@example.test',
  userName: 'Vera',
  accessKeyHash: 'digest:secret-key',
  createdAt: T0,
  ...overrides,
});

export function describeTicketRepositoryContract(
  name: string,
  makeSubject: () => Promise<TicketRepositorySubject>,
): void {
  describe(`${name} keeps the TicketRepository contract`, () => {
    it('files a ticket open, unclaimed, unlabelled and without SLA marks, and reads it back', async () => {
      const { tickets } = await makeSubject();
      const created = await tickets.create(newTicket({ category: 'Billing' }));
      expect(created).toEqual({
        id: expect.any(Number),
        title: 'Bot offline',
        description: 'It stopped answering',
        category: 'Billing',
        priority: 'urgent',
        status: 'open',
        userEmail: 'vera@example.test',
        userName: 'Vera',
        claimedBy: null,
        claimedByUsername: null,
        claimedAt: null,
        isLocked: false,
        labels: [],
        firstResponseAt: null,
        slaBreachedAt: null,
        createdAt: T0,
        updatedAt: T0,
      });
      expect(await tickets.findById(created.id)).toEqual(created);
      const second = await tickets.create(newTicket());
      expect(second.id).toBeGreaterThan(created.id);
    });

    it('answers null for a ticket it does not hold', async () => {
      const { tickets } = await makeSubject();
      const { id } = await tickets.create(newTicket());
      expect(await tickets.findById(id + 1)).toBeNull();
    });

    it("keeps the chat key's hash apart: answered only by accessKeyHashOf, null when none or unknown", async () => {
      const { tickets } = await makeSubject();
      const keyed = await tickets.create(newTicket());
      const keyless = await tickets.create(newTicket({ accessKeyHash: null }));
      expect(await tickets.accessKeyHashOf(keyed.id)).toBe('digest:secret-key');
      expect(await tickets.accessKeyHashOf(keyless.id)).toBeNull();
      expect(await tickets.accessKeyHashOf(keyless.id + 1)).toBeNull();
      expect(JSON.stringify([keyed, await tickets.findById(keyed.id), await tickets.list({}, null, 10)])).not.toContain(
        'digest:',
      );
    });

    it('lists newest first (by id), at most `limit`, and pages on with `before`', async () => {
      const { tickets } = await makeSubject();
      const ids: number[] = [];
      for (const title of ['a', 'b', 'c', 'd', 'e']) ids.push((await tickets.create(newTicket({ title }))).id);
      const first = await tickets.list({}, null, 2);
      expect(first.map((t) => t.title)).toEqual(['e', 'd']);
      const second = await tickets.list({}, { id: first.at(-1)!.id }, 2);
      expect(second.map((t) => t.title)).toEqual(['c', 'b']);
      expect((await tickets.list({}, { id: second.at(-1)!.id }, 2)).map((t) => t.title)).toEqual(['a']);
      expect(await tickets.list({}, { id: ids[0]! }, 2)).toEqual([]);
      expect(await tickets.list({}, null, 10)).toEqual(
        await Promise.all(ids.reverse().map((id) => tickets.findById(id))),
      );
    });

    it('searches part of the title, the email or the category in any case, and nothing else', async () => {
      const { tickets } = await makeSubject();
      await tickets.create(newTicket({ title: 'Bot offline', userEmail: 'vera@example.test' }));
      await tickets.create(newTicket({ title: 'Refund', category: 'Billing', userEmail: 'Sam@Mail.test' }));
      await tickets.create(newTicket({ title: 'Roles', description: 'offline again' }));
      const titles = async (search: string) => (await tickets.list({ search }, null, 10)).map((t) => t.title);
      expect(await titles('OFFLINE')).toEqual(['Bot offline']);
      expect(await titles('sam@mail')).toEqual(['Refund']);
      expect(await titles('bill')).toEqual(['Refund']);
      expect(await titles('example.TEST')).toEqual(['Roles', 'Bot offline']);
    });

    it('takes % and _ in a search as the characters themselves', async () => {
      const { tickets } = await makeSubject();
      await tickets.create(newTicket({ title: '100% down' }));
      await tickets.create(newTicket({ title: '1000 down' }));
      await tickets.create(newTicket({ title: 'rank_sync' }));
      const titles = async (search: string) => (await tickets.list({ search }, null, 10)).map((t) => t.title);
      expect(await titles('0%')).toEqual(['100% down']);
      expect(await titles('k_s')).toEqual(['rank_sync']);
      expect(await titles('_')).toEqual(['rank_sync']);
    });

    it('narrows by status and by label, each part of the filter applying', async () => {
      const { tickets } = await makeSubject();
      const open = await tickets.create(newTicket({ title: 'open billing' }));
      const closed = await tickets.create(newTicket({ title: 'closed billing' }));
      const other = await tickets.create(newTicket({ title: 'closed other' }));
      await tickets.setStatus(closed.id, 'closed', T0);
      await tickets.setStatus(other.id, 'closed', T0);
      await tickets.setLabels(open.id, ['billing', 'vip'], T0);
      await tickets.setLabels(closed.id, ['billing'], T0);
      const titles = async (filter: Parameters<TicketRepository['list']>[0]) =>
        (await tickets.list(filter, null, 10)).map((t) => t.title);
      expect(await titles({ status: 'closed' })).toEqual(['closed other', 'closed billing']);
      expect(await titles({ label: 'billing' })).toEqual(['closed billing', 'open billing']);
      expect(await titles({ label: 'vip' })).toEqual(['open billing']);
      expect(await titles({ label: 'bill' })).toEqual([]);
      expect(await titles({ status: 'closed', label: 'billing', search: 'BILL' })).toEqual(['closed billing']);
    });

    it('narrows to the tickets past an SLA target at the given time, or flagged before', async () => {
      const { tickets } = await makeSubject();
      const unanswered = await tickets.create(newTicket({ title: 'unanswered' }));
      const answered = await tickets.create(newTicket({ title: 'answered' }));
      const solved = await tickets.create(newTicket({ title: 'solved in time' }));
      await tickets.create(newTicket({ title: 'low priority', priority: 'low' }));
      await tickets.markFirstResponse(answered.id, after(10 * MINUTE_MS));
      await tickets.markFirstResponse(solved.id, after(10 * MINUTE_MS));
      await tickets.setStatus(solved.id, 'resolved', after(HOUR_MS));
      const breachedAt = async (ms: number) =>
        (await tickets.list({ breached: { policies: POLICIES, now: after(ms) } }, null, 10)).map((t) => t.title);
      expect(await breachedAt(29 * MINUTE_MS)).toEqual([]);
      expect(await breachedAt(31 * MINUTE_MS)).toEqual(['unanswered']);
      expect(await breachedAt(9 * HOUR_MS)).toEqual(['answered', 'unanswered']);
      // Flagged under a tighter policy since changed: it stays breached.
      const tight = POLICIES.map((policy) =>
        policy.priority === 'low' ? { ...policy, firstResponseMinutes: 1 } : policy,
      );
      await tickets.flagBreaches(tight, after(2 * MINUTE_MS), 10);
      expect(await breachedAt(29 * MINUTE_MS)).toEqual(['low priority']);
      expect((await tickets.findById(unanswered.id))?.slaBreachedAt).toBeNull();
    });

    it("claims a free ticket, again for its holder, never from another unless taking over; shows the claimer's name", async () => {
      const { tickets, addStaff } = await makeSubject();
      const sam = await addStaff('sam');
      const kim = await addStaff('kim');
      const { id } = await tickets.create(newTicket());
      const claimed = await tickets.tryClaim(id, sam, after(MINUTE_MS), false);
      expect(claimed).toMatchObject({
        claimedBy: sam,
        claimedByUsername: 'sam',
        claimedAt: after(MINUTE_MS),
        isLocked: true,
        updatedAt: after(MINUTE_MS),
      });
      expect(await tickets.findById(id)).toEqual(claimed);
      expect((await tickets.list({}, null, 1))[0]).toEqual(claimed);
      expect(await tickets.tryClaim(id, sam, after(2 * MINUTE_MS), false)).toMatchObject({ claimedBy: sam });
      expect(await tickets.tryClaim(id, kim, after(3 * MINUTE_MS), false)).toBeNull();
      expect((await tickets.findById(id))?.claimedBy).toBe(sam);
      expect(await tickets.tryClaim(id, kim, after(4 * MINUTE_MS), true)).toMatchObject({
        claimedBy: kim,
        claimedByUsername: 'kim',
        claimedAt: after(4 * MINUTE_MS),
      });
      expect(await tickets.tryClaim(id + 1, kim, after(5 * MINUTE_MS), true)).toBeNull();
    });

    it('releases only for the holder, unlocking the ticket', async () => {
      const { tickets, addStaff } = await makeSubject();
      const sam = await addStaff('sam');
      const kim = await addStaff('kim');
      const { id } = await tickets.create(newTicket());
      await tickets.tryClaim(id, sam, after(MINUTE_MS), false);
      expect(await tickets.release(id, kim, after(2 * MINUTE_MS))).toBeNull();
      expect((await tickets.findById(id))?.claimedBy).toBe(sam);
      expect(await tickets.release(id, sam, after(3 * MINUTE_MS))).toMatchObject({
        claimedBy: null,
        claimedByUsername: null,
        claimedAt: null,
        isLocked: false,
        updatedAt: after(3 * MINUTE_MS),
      });
      expect(await tickets.release(id, sam, after(4 * MINUTE_MS))).toBeNull();
      expect(await tickets.release(id + 1, sam, after(4 * MINUTE_MS))).toBeNull();
    });

    it('sets the status and replaces the labels in the order given, stamping the change; null for an unknown ticket', async () => {
      const { tickets } = await makeSubject();
      const { id } = await tickets.create(newTicket());
      expect(await tickets.setStatus(id, 'waiting_response', after(MINUTE_MS))).toMatchObject({
        status: 'waiting_response',
        updatedAt: after(MINUTE_MS),
      });
      await tickets.setLabels(id, ['vip', 'billing'], after(2 * MINUTE_MS));
      expect(await tickets.setLabels(id, ['refund', 'billing'], after(3 * MINUTE_MS))).toMatchObject({
        labels: ['refund', 'billing'],
        updatedAt: after(3 * MINUTE_MS),
      });
      expect(await tickets.findById(id)).toMatchObject({ status: 'waiting_response', labels: ['refund', 'billing'] });
      expect(await tickets.setStatus(id + 1, 'closed', T0)).toBeNull();
      expect(await tickets.setLabels(id + 1, ['x'], T0)).toBeNull();
    });

    it('hands out copies: changing the labels given or answered afterwards changes nothing stored', async () => {
      const { tickets } = await makeSubject();
      const { id } = await tickets.create(newTicket());
      const labels = ['vip'];
      const answered = await tickets.setLabels(id, labels, T0);
      labels.push('given');
      answered!.labels.push('answered');
      (await tickets.findById(id))!.labels.push('read');
      expect((await tickets.findById(id))?.labels).toEqual(['vip']);
    });

    it('records the first response once, changing nothing else', async () => {
      const { tickets } = await makeSubject();
      const created = await tickets.create(newTicket());
      await tickets.markFirstResponse(created.id, after(MINUTE_MS));
      await tickets.markFirstResponse(created.id, after(2 * MINUTE_MS));
      expect(await tickets.findById(created.id)).toEqual({ ...created, firstResponseAt: after(MINUTE_MS) });
      await expect(tickets.markFirstResponse(created.id + 1, T0)).resolves.toBeUndefined();
    });

    it('flags each breached ticket once, the oldest first, at most `limit` at a time', async () => {
      const { tickets } = await makeSubject();
      const [a, b, c] = [
        await tickets.create(newTicket()),
        await tickets.create(newTicket()),
        await tickets.create(newTicket()),
      ];
      const kept = await tickets.create(newTicket({ priority: 'low' }));
      const now = after(31 * MINUTE_MS);
      const first = await tickets.flagBreaches(POLICIES, now, 2);
      expect(first).toEqual([
        { ...a, slaBreachedAt: now },
        { ...b, slaBreachedAt: now },
      ]);
      expect(await tickets.flagBreaches(POLICIES, after(32 * MINUTE_MS), 2)).toEqual([
        { ...c, slaBreachedAt: after(32 * MINUTE_MS) },
      ]);
      expect(await tickets.flagBreaches(POLICIES, after(33 * MINUTE_MS), 2)).toEqual([]);
      expect(await tickets.findById(a.id)).toEqual({ ...a, slaBreachedAt: now });
      expect((await tickets.findById(kept.id))?.slaBreachedAt).toBeNull();
    });

    it('deletes a ticket with its messages, once', async () => {
      const { tickets, messages } = await makeSubject();
      const gone = await tickets.create(newTicket());
      const kept = await tickets.create(newTicket());
      for (const ticket of [gone, kept])
        await messages.add({
          ticketId: ticket.id,
          staffUserId: null,
          senderName: 'Vera',
          senderType: 'customer',
          message: 'Hello?',
          createdAt: T0,
        });
      expect(await tickets.delete(gone.id)).toBe(true);
      expect(await tickets.findById(gone.id)).toBeNull();
      expect(await tickets.list({}, null, 10)).toEqual([kept]);
      expect(await messages.listFor(gone.id)).toEqual([]);
      expect(await messages.listFor(kept.id)).toHaveLength(1);
      expect(await tickets.delete(gone.id)).toBe(false);
    });
  });
}
