import { MutationObserver } from '@tanstack/react-query';
import { createQueryClient, notificationKeys } from '@medora/shared/query';
import { syncNotificationsWithMutations } from './notification-sync';
import { MARK_READ_MUTATION_KEY } from './use-notifications';

const LIST = notificationKeys.list('u1');

function setup() {
  const client = createQueryClient();
  client.setQueryData(LIST, { items: [], nextCursor: null, unread: 0 });
  const stop = syncNotificationsWithMutations(client);
  const run = (options: { mutationKey?: readonly unknown[]; fail?: boolean }) =>
    new MutationObserver(client, {
      mutationKey: options.mutationKey,
      mutationFn: async () => {
        if (options.fail) throw new Error('refused');
        return 'ok';
      },
    })
      .mutate(undefined)
      .catch(() => undefined);
  const invalidated = () => client.getQueryState(LIST)?.isInvalidated ?? false;
  return { client, stop, run, invalidated };
}

describe('syncNotificationsWithMutations', () => {
  it('invalidates the notifications after any successful mutation of the page', async () => {
    const { run, invalidated, stop } = setup();
    expect(invalidated()).toBe(false);
    // e.g. mfe-booking's create-appointment mutation: no notification code in the remote.
    await run({ mutationKey: ['appointments', 'create'] });
    expect(invalidated()).toBe(true);
    stop();
  });

  it('leaves them alone when the mutation fails or only marked notifications read', async () => {
    const { run, invalidated, stop } = setup();
    await run({ fail: true });
    expect(invalidated()).toBe(false);
    await run({ mutationKey: MARK_READ_MUTATION_KEY });
    expect(invalidated()).toBe(false);
    stop();
  });

  it('stops when unsubscribed', async () => {
    const { run, invalidated, stop } = setup();
    stop();
    await run({});
    expect(invalidated()).toBe(false);
  });
});
