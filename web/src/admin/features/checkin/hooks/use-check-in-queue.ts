import { useCallback, useEffect, useRef, useState } from 'react';
import { sendMark } from '@/admin/features/checkin/api/checkin';
import { flushQueue, QUEUE_KEY, readQueue, type FlushResult, type QueuedMark } from '@/admin/features/checkin/lib/queue';

/** How often a waiting queue is tried again while the page is open (the `online` event is not always told). */
const RETRY_EVERY_MS = 15_000;

/** The offline queue as the page sees it: the company's waiting marks, the connection, and a way to send them. */
export interface CheckInQueue {
  marks: QueuedMark[];
  online: boolean;
  sending: boolean;
  flush(): Promise<FlushResult>;
}

/**
 * The check-in queue of a company: sent when the page opens, when the browser says the connection is back,
 * every 15 s while marks wait, and on demand; `onFlushed` hears what each pass sent or dropped. Another
 * tab's changes to the queue are followed (the storage event).
 */
export function useCheckInQueue(idCompany: number, onFlushed: (result: FlushResult) => void): CheckInQueue {
  const mine = useCallback(() => readQueue().filter((m) => m.idCompany === idCompany), [idCompany]);
  const [marks, setMarks] = useState<QueuedMark[]>(mine);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [sending, setSending] = useState(false);
  const heard = useRef(onFlushed);
  useEffect(() => {
    heard.current = onFlushed;
  }, [onFlushed]);

  const flush = useCallback(async () => {
    setSending(true);
    setMarks(mine());
    try {
      const result = await flushQueue(sendMark);
      if (result.sent.length > 0 || result.dropped.length > 0) heard.current(result);
      return result;
    } finally {
      setSending(false);
      setMarks(mine());
    }
  }, [mine]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    const changed = (e: StorageEvent) => {
      if (e.key === QUEUE_KEY) setMarks(mine());
    };
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    window.addEventListener('storage', changed);
    const first = setTimeout(() => void flush(), 0); // what an earlier visit left, once the page is up
    return () => {
      clearTimeout(first);
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.removeEventListener('storage', changed);
    };
  }, [flush, mine]);

  const waiting = marks.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const retry = setInterval(() => void flush(), RETRY_EVERY_MS);
    return () => clearInterval(retry);
  }, [waiting, flush]);

  return { marks, online, sending, flush };
}
