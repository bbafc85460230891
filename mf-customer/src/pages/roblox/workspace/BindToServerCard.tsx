import { useState } from 'react';
import {
  Button,
  Card,
  EmptyState,
  endpointKey,
  QueryView,
  useEndpointMutation,
  useEndpointQuery,
} from '@groupflow/shell-kit';
import { AlertDialog } from '@groupflow/shell-kit/dialog';
import { FieldLayout } from '@groupflow/shell-kit/form';
import { Link } from '@groupflow/shell-kit/router';
import { Select } from '@groupflow/shell-kit/select';
import { API, serverConfigBodySchema, type ServerConfigAnswer } from '@groupflow/core/contracts';
import { errorText, failureToast } from '../../../errorTexts.ts';

/**
 * The configuration with another bound group, as the config POST takes it: the stored fields kept, the rank binds
 * left out so the server drops the previous group's (its rank numbers mean other people in this group).
 */
function regrouped(config: ServerConfigAnswer, groupId: string) {
  const { rankBinds: _previousGroups, ...body } = serverConfigBodySchema.parse(config);
  return { ...body, boundGroupId: groupId };
}

/** The chosen server's bound group, and the button that binds this one. */
function BindAction({ serverId, serverName, groupId }: { serverId: string; serverName: string; groupId: string }) {
  const call = { params: { id: serverId } };
  const config = useEndpointQuery(API.servers.getServerConfig, call);
  const [confirming, setConfirming] = useState(false);
  const bind = useEndpointMutation(API.servers.saveServerConfig, {
    invalidates: [
      endpointKey(API.servers.getServerConfig, call),
      endpointKey(API.servers.readServerSyncProgress, call),
    ],
    success: {
      title: 'Group bound',
      description: `${serverName} now follows group ${groupId}; a server-wide sync is updating its members' roles.`,
    },
    failure: failureToast('Not bound', `Could not bind group ${groupId} to ${serverName}.`),
    onSettled: () => setConfirming(false),
  });
  return (
    <QueryView
      query={config}
      loading="Loading the server's settings..."
      error={(error) => errorText(error) ?? "Could not load the server's settings."}
    >
      {(current) => {
        const mutate = () => bind.mutate({ ...call, body: regrouped(current, groupId) });
        if (current.boundGroupId === groupId)
          return (
            <p className="muted small">
              {serverName} is bound to this group. Set its rank binds in Configure Server on My Servers.
            </p>
          );
        return (
          <div className="stack">
            <p className="muted small">
              {current.boundGroupId
                ? `${serverName} is bound to group ${current.boundGroupId}. Binding this group removes that group's rank binds.`
                : `${serverName} has no bound group yet.`}
            </p>
            <div className="row">
              <Button
                pending={bind.isPending}
                pendingLabel="Binding..."
                onClick={() => (current.boundGroupId ? setConfirming(true) : mutate())}
              >
                Bind to {serverName}
              </Button>
            </div>
            {confirming && (
              <AlertDialog
                title="Replace the bound group?"
                description={`${serverName} follows group ${current.boundGroupId} now. Its rank binds are removed, and members' roles follow group ${groupId} once the sync has run.`}
                confirmLabel="Bind this group"
                pendingLabel="Binding..."
                pending={bind.isPending}
                onCancel={() => setConfirming(false)}
                onConfirm={mutate}
              />
            )}
          </div>
        );
      }}
    </QueryView>
  );
}

/**
 * Settings' bot integration (spec 1 section 2.12) with its "Bind to a server" picker (issue 36): the servers the customer manages that have the bot, picked by name, instead
 * of typing /bind-group in Discord.
 */
export function BindToServerCard({ groupId }: { groupId: string }) {
  const servers = useEndpointQuery(API.servers.listUserServers);
  const [serverId, setServerId] = useState('');
  return (
    <Card title="Bot integration">
      <QueryView
        query={servers}
        loading="Loading your servers..."
        error={(error) => errorText(error) ?? 'Could not load your servers.'}
      >
        {(list) => {
          if (!list.length)
            return (
              <EmptyState
                title="No server to bind yet"
                description="Add GroupFlow to a Discord server you manage, then bind this group to it here."
                action={
                  <Link to="/add-to-server" className="btn btn-outline">
                    Add to Server
                  </Link>
                }
              />
            );
          const chosen = list.find((server) => server.id === serverId);
          return (
            <div className="stack">
              <FieldLayout
                label="Bind to a server"
                hint="Members' roles in this server follow their rank in this group once bound."
              >
                {(aria) => (
                  <Select
                    {...aria}
                    options={list.map((server) => ({ value: server.id, label: server.name }))}
                    value={serverId}
                    placeholder="Choose a server"
                    onValueChange={setServerId}
                  />
                )}
              </FieldLayout>
              {chosen ? (
                <BindAction serverId={chosen.id} serverName={chosen.name} groupId={groupId} />
              ) : (
                <p className="muted small">Choose a server to see what it is bound to.</p>
              )}
            </div>
          );
        }}
      </QueryView>
    </Card>
  );
}
