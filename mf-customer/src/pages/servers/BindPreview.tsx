import { useState } from 'react';
import { Button, ErrorState, useEndpointMutation, useEndpointQuery } from '@groupflow/shell-kit';
import { FieldLayout } from '@groupflow/shell-kit/form';
import { Select } from '@groupflow/shell-kit/select';
import { API } from '@groupflow/core/contracts';
import { errorText } from '../../errorTexts.ts';

const DISCORD_ID = /^\d{1,20}$/;

function RoleNames({ roles }: { roles: { id: string; name: string }[] }) {
  return roles.length ? (
    <ul className="cs-chips">
      {roles.map((role) => (
        <li key={role.id} className="cs-chip cs-chip-static">
          {role.name}
        </li>
      ))}
    </ul>
  ) : (
    <span className="muted">Nothing</span>
  );
}

/**
 * What a sync would do to one member now, with the saved binds (issue 35 point 4): the member is picked from the
 * signed-in members of the customer's servers, or named by Discord user id.
 */
export function BindPreview({ serverId, edited }: { serverId: string; edited: boolean }) {
  const members = useEndpointQuery(API.servers.listGuildMembers);
  const [discordUserId, setDiscordUserId] = useState('');
  const preview = useEndpointMutation(API.servers.previewServerBinds);
  const options = (members.data ?? [])
    .filter((member) => member.discordId)
    .map((member) => ({
      value: member.discordId!,
      label: member.robloxUsername ? `${member.username} (${member.robloxUsername})` : member.username,
    }));
  const valid = DISCORD_ID.test(discordUserId.trim());
  const result = preview.data;
  return (
    <section className="stack cs-preview" aria-labelledby="cs-preview-title">
      <h3 id="cs-preview-title" className="label cs-section-title">
        Preview a member
      </h3>
      <p className="field-hint">
        What a sync would give and take from one member now, with the saved binds; nothing is written to Discord.
        {edited && ' Save your changes to preview them.'}
      </p>
      <div className="cs-bind-fields">
        <FieldLayout
          label="Member"
          hint={members.isError ? (errorText(members.error) ?? 'Could not load the members.') : undefined}
        >
          {(aria) => (
            <Select
              {...aria}
              options={options}
              value={options.some((option) => option.value === discordUserId) ? discordUserId : ''}
              placeholder={members.isPending ? 'Loading members...' : options.length ? 'Pick a member' : 'No members'}
              disabled={!options.length}
              onValueChange={setDiscordUserId}
            />
          )}
        </FieldLayout>
        <FieldLayout
          label="Or a Discord user id"
          hint={valid ? undefined : 'Pick a member or enter their Discord user id (digits) to preview.'}
        >
          {(aria) => (
            <input
              className="input"
              inputMode="numeric"
              {...aria}
              value={discordUserId}
              onChange={(event) => setDiscordUserId(event.target.value)}
            />
          )}
        </FieldLayout>
      </div>
      <div className="row">
        <Button
          variant="outline"
          disabled={!valid}
          pending={preview.isPending}
          pendingLabel="Previewing..."
          onClick={() => preview.mutate({ params: { id: serverId }, body: { discordUserId: discordUserId.trim() } })}
        >
          Preview
        </Button>
      </div>
      {preview.isError && <ErrorState message={errorText(preview.error) ?? 'Could not preview this member.'} />}
      {result && (
        <dl className="cs-preview-result" aria-label="Preview result">
          <dt>Roblox account</dt>
          <dd>{result.robloxId ?? 'None: the member is unverified'}</dd>
          <dt>Restricted</dt>
          <dd>{result.restricted ?? 'No'}</dd>
          <dt>Adding</dt>
          <dd>
            <RoleNames roles={result.adding} />
          </dd>
          <dt>Removing</dt>
          <dd>
            <RoleNames roles={result.removing} />
          </dd>
          <dt>Nickname</dt>
          <dd>{result.nickname ?? 'Left alone'}</dd>
          {result.skipped.length > 0 && (
            <>
              <dt>The bot cannot</dt>
              <dd>
                <ul className="cs-skipped">
                  {result.skipped.map((skip) => (
                    <li key={skip.target}>
                      {skip.target}: {skip.reason}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
