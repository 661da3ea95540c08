/**
 * The check-in page's offline queue (issue 23, item 6). The paddock's Wi-Fi is weak, so a mark is first
 * written to localStorage with its own Idempotency-Key and then sent; it leaves the queue once the server
 * has answered it (marked, already marked or replayed) or refused it for good (a cancelled booking, an
 * altered code). A network failure or a 5xx keeps it, in order, for the next attempt (the connection
 * coming back, the page opening again, "Send now"). The server does a key once, so a mark replayed after a
 * lost answer is one arrival.
 */

/** One mark waiting to be sent. */
export interface QueuedMark {
  /** The Idempotency-Key, made when the mark was taken. */
  key: string;
  idCompany: number;
  /** The scanned check code (its token is checked by the server), or the typed reference. */
  code?: string;
  reference?: string;
  /** The booking's reference as shown (ABCD-2345), for the list. */
  label: string;
  /** When staff marked it (ISO 8601). */
  markedAt: string;
}

/** What sending one mark came to: sent (done), refused for good (drop, with the server's message) or not reached (retry). */
export type SendOutcome = { kind: 'done' } | { kind: 'drop'; message: string } | { kind: 'retry' };

/** The localStorage key of the queue. */
export const QUEUE_KEY = 'pitlane.checkin.queue';

/** The queue's storage (localStorage in the browser; a fake in tests). */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function isMark(value: unknown): value is QueuedMark {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return typeof m.key === 'string' && typeof m.idCompany === 'number' && typeof m.label === 'string' && typeof m.markedAt === 'string';
}

/** The queued marks, oldest first (an unreadable queue reads as empty). */
export function readQueue(storage: QueueStorage = localStorage): QueuedMark[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isMark) : [];
  } catch {
    return [];
  }
}

function writeQueue(marks: QueuedMark[], storage: QueueStorage) {
  storage.setItem(QUEUE_KEY, JSON.stringify(marks));
}

/**
 * Adds a mark to the queue. A second mark of the same booking while the first waits is not added: the
 * booking is marked once whatever the number of taps.
 */
export function enqueue(mark: QueuedMark, storage: QueueStorage = localStorage): QueuedMark[] {
  const marks = readQueue(storage);
  const same = (m: QueuedMark) => m.idCompany === mark.idCompany && m.label === mark.label;
  if (!marks.some((m) => m.key === mark.key || same(m))) marks.push(mark);
  writeQueue(marks, storage);
  return marks;
}

/** The result of one pass over the queue. */
export interface FlushResult {
  sent: QueuedMark[];
  dropped: { mark: QueuedMark; message: string }[];
  /** What is still queued (the first one that could not be sent and those after it). */
  left: QueuedMark[];
}

let flushing: Promise<FlushResult> | undefined;

/**
 * Sends the queued marks in order through `send`, removing each one answered; stops at the first that
 * could not reach the server. One pass at a time: a call during a pass gets that pass's result.
 */
export function flushQueue(send: (mark: QueuedMark) => Promise<SendOutcome>, storage: QueueStorage = localStorage): Promise<FlushResult> {
  if (flushing) return flushing;
  const pass = (async () => {
    const result: FlushResult = { sent: [], dropped: [], left: [] };
    for (const mark of readQueue(storage)) {
      let outcome: SendOutcome;
      try {
        outcome = await send(mark);
      } catch {
        outcome = { kind: 'retry' };
      }
      if (outcome.kind === 'retry') break;
      // Remove it by key from the queue as it stands now (a mark may have been added meanwhile).
      writeQueue(
        readQueue(storage).filter((m) => m.key !== mark.key),
        storage,
      );
      if (outcome.kind === 'done') result.sent.push(mark);
      else result.dropped.push({ mark, message: outcome.message });
    }
    result.left = readQueue(storage);
    return result;
  })();
  // Cleared once the pass has settled (never before the assignment, even for an empty queue).
  flushing = pass.finally(() => {
    flushing = undefined;
  });
  return flushing;
}
