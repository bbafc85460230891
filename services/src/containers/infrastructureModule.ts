import { ContainerModule } from 'inversify';
import { NodemailerMailer } from '@groupflow/adapters/mail/NodemailerMailer';
import { MikroOrmTransaction } from '@groupflow/adapters/persistence/MikroOrmTransaction';
import { bindFrom, TOKENS } from './tokens.ts';

/** Ports every area shares: outgoing mail and transactions. */
export const infrastructureModule = new ContainerModule(({ bind }) => {
  bindFrom(
    bind,
    TOKENS.Mailer,
    [TOKENS.Config],
    (config) => new NodemailerMailer(config.mail.transport, config.mail.from),
  ).inSingletonScope();
  bindFrom(bind, TOKENS.Transaction, [TOKENS.Orm], (orm) => new MikroOrmTransaction(orm)).inSingletonScope();
});
