import { ContainerModule } from 'inversify';
import type { Mailer, Transaction } from '@groupflow/core';
import { NodemailerMailer } from '@groupflow/adapters/mail/NodemailerMailer';
import { MikroOrmTransaction } from '@groupflow/adapters/persistence/MikroOrmTransaction';
import type { Orm } from '@groupflow/adapters/persistence/database';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

/** Ports every area shares: outgoing mail and transactions. */
export const infrastructureModule = new ContainerModule(({ bind }) => {
  bind<Mailer>(TOKENS.Mailer)
    .toResolvedValue((config: Config) => new NodemailerMailer(config.mail.transport, config.mail.from), [TOKENS.Config])
    .inSingletonScope();
  bind<Transaction>(TOKENS.Transaction)
    .toResolvedValue((orm: Orm) => new MikroOrmTransaction(orm), [TOKENS.Orm])
    .inSingletonScope();
});
