import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodemailerMailer } from './NodemailerMailer.ts';

describe('NodemailerMailer without SMTP', () => {
  it('writes the complete message as an .eml file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mail-'));
    try {
      const sut = new NodemailerMailer({ kind: 'files', dir: join(dir, 'mail') }, 'GroupFlow <hr@groupflow.test>');
      await sut.send({
        to: ['a@groupflow.test', 'b@groupflow.test'],
        subject: 'HR action: Write-up of sam',
        text: 'Reason:\nlate',
      });
      const files = await readdir(join(dir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(join(dir, 'mail', files[0]!), 'utf8');
      expect(eml).toContain('From: GroupFlow <hr@groupflow.test>');
      expect(eml).toContain('To: a@groupflow.test, b@groupflow.test');
      expect(eml).toContain('Subject: HR action: Write-up of sam');
      expect(eml).toContain('Reason:\nlate');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
