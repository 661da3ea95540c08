import { enqueue, flushQueue, QUEUE_KEY, readQueue, type QueuedMark, type QueueStorage, type SendOutcome } from '@/admin/features/checkin/lib/queue';
import { readTarget } from '@/admin/features/checkin/lib/target';

function memory(): QueueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const mark = (label: string, key = `key-${label}`): QueuedMark => ({
  key,
  idCompany: 1,
  reference: label,
  label,
  markedAt: '2026-11-28T10:00:00Z',
});

/**
 * A server that does each Idempotency-Key once, as POST /api/admin/check-in does: it counts arrivals per
 * booking; `reachable` says whether the paddock's Wi-Fi lets the call through.
 */
function server() {
  const keys = new Set<string>();
  const arrivals = new Map<string, number>();
  const s = {
    reachable: true,
    calls: 0,
    arrivals,
    send: (m: QueuedMark): Promise<SendOutcome> => {
      s.calls++;
      if (!s.reachable) return Promise.reject(new TypeError('Failed to fetch'));
      if (!keys.has(m.key)) {
        keys.add(m.key);
        arrivals.set(m.label, Math.min(1, (arrivals.get(m.label) ?? 0) + 1));
      }
      return Promise.resolve({ kind: 'done' });
    },
  };
  return s;
}

describe('the check-in queue', () => {
  it('keeps marks made offline, in order, across a reload, and sends each once when the connection returns', async () => {
    const storage = memory();
    const srv = server();
    srv.reachable = false;
    enqueue(mark('AAAA-2345'), storage);
    expect((await flushQueue(srv.send, storage)).left.map((m) => m.label)).toEqual(['AAAA-2345']);
    enqueue(mark('BBBB-2345'), storage);
    // A double tap on the same booking while it waits adds nothing.
    enqueue(mark('BBBB-2345', 'key-other-tap'), storage);
    // The page is reloaded: the queue is still there (localStorage).
    expect(readQueue(storage).map((m) => m.label)).toEqual(['AAAA-2345', 'BBBB-2345']);
    expect((await flushQueue(srv.send, storage)).left).toHaveLength(2);

    srv.reachable = true;
    const result = await flushQueue(srv.send, storage);
    expect(result.sent.map((m) => m.label)).toEqual(['AAAA-2345', 'BBBB-2345']);
    expect(result.left).toEqual([]);
    expect(readQueue(storage)).toEqual([]);
    expect(srv.arrivals).toEqual(new Map([['AAAA-2345', 1], ['BBBB-2345', 1]]));
    // Nothing is sent again once the queue is empty.
    const calls = srv.calls;
    await flushQueue(srv.send, storage);
    expect(srv.calls).toBe(calls);
  });

  it('replays a mark whose answer was lost with the same key: one arrival', async () => {
    const storage = memory();
    const srv = server();
    enqueue(mark('CCCC-2345'), storage);
    // The server marks it, but the answer never comes back (the Wi-Fi drops): the mark stays queued.
    let first = true;
    const lossy = async (m: QueuedMark): Promise<SendOutcome> => {
      await srv.send(m);
      if (first) {
        first = false;
        throw new TypeError('Failed to fetch');
      }
      return { kind: 'done' };
    };
    expect((await flushQueue(lossy, storage)).left).toHaveLength(1);
    expect((await flushQueue(lossy, storage)).left).toHaveLength(0);
    expect(srv.calls).toBe(2);
    expect(srv.arrivals.get('CCCC-2345')).toBe(1);
  });

  it('stops at the first mark it cannot send and drops one the server refuses for good', async () => {
    const storage = memory();
    enqueue(mark('DDDD-2345'), storage);
    enqueue(mark('EEEE-2345'), storage);
    enqueue(mark('FFFF-2345'), storage);
    const answers: Record<string, SendOutcome> = {
      'DDDD-2345': { kind: 'drop', message: 'The booking is cancelled.' },
      'EEEE-2345': { kind: 'retry' },
      'FFFF-2345': { kind: 'done' },
    };
    const sent: string[] = [];
    const result = await flushQueue((m) => {
      sent.push(m.label);
      return Promise.resolve(answers[m.label]);
    }, storage);
    expect(sent).toEqual(['DDDD-2345', 'EEEE-2345']);
    expect(result.dropped).toEqual([{ mark: expect.objectContaining({ label: 'DDDD-2345' }) as QueuedMark, message: 'The booking is cancelled.' }]);
    expect(result.left.map((m) => m.label)).toEqual(['EEEE-2345', 'FFFF-2345']);
  });

  it('runs one pass at a time: two flushes at once send each mark once', async () => {
    const storage = memory();
    const srv = server();
    enqueue(mark('GGGG-2345'), storage);
    await Promise.all([flushQueue(srv.send, storage), flushQueue(srv.send, storage)]);
    expect(srv.calls).toBe(1);
  });

  it('reads a damaged queue as empty', () => {
    const storage = memory();
    storage.setItem(QUEUE_KEY, '{not json');
    expect(readQueue(storage)).toEqual([]);
    storage.setItem(QUEUE_KEY, JSON.stringify([{ key: 1 }, mark('HHHH-2345')]));
    expect(readQueue(storage).map((m) => m.label)).toEqual(['HHHH-2345']);
  });
});

describe('readTarget', () => {
  it('reads a check code in any case and a reference with or without its dash', () => {
    const code = 'PITLANE:UE9BKTGR:AAAABBBBCCCCDDDDEEEEFFFF';
    expect(readTarget(code.toLowerCase())).toEqual({ code, reference: 'UE9B-KTGR' });
    expect(readTarget(' ue9bktgr ')).toEqual({ reference: 'UE9B-KTGR' });
    expect(readTarget('UE9B-KTGR')).toEqual({ reference: 'UE9B-KTGR' });
    expect(readTarget('https://example.com')).toBeUndefined();
    expect(readTarget('UE9B')).toBeUndefined();
  });
});
