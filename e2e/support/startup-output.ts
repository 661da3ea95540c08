import type { ServerState } from './state.ts';

const READY = /^Pitlane is ready at (https?:\/\/\S+?)\/?\s*$/;
const BOOKING = /^Booking page \((.+)\): (https?:\/\/\S+?)\/?\s*$/;
const ADMIN = /^Admin login: (https?:\/\/\S+?)\s*$/;
const CREDENTIAL = /^\s+(\S+@\S+)\s+password:\s*(\S+)(?:\s+\((\S+) of (.+)\))?/;

/**
 * Reads `pitlane serve --demo` start-up output line by line:
 *
 *     Pitlane is ready at http://127.0.0.1:PORT
 *     Booking page (COMPANY NAME): http://127.0.0.1:PORT/KEY     (one per demo company)
 *     Admin login: http://127.0.0.1:PORT/login
 *       EMAIL   password: PASSWORD  (ROLE of COMPANIES)          (indented, one per account)
 *
 * The server writes these lines one by one; the demo's accounts are an ADMIN of each company and a SUPERADMIN
 * of them all, so the output is complete once those are read (no waiting for a moment of silence, which a
 * busy machine can stretch).
 */
export class StartupOutput {
  private state: Partial<ServerState> & Pick<ServerState, 'companies' | 'admins'> = { companies: [], admins: [] };
  private roles: { role: string; companies: string[] }[] = [];
  private pending = '';

  /** Feeds a chunk of stdout; returns true once the output is complete (see complete). */
  push(chunk: string): boolean {
    this.pending += chunk;
    const lines = this.pending.split(/\r?\n/);
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.readLine(line);
    return this.complete();
  }

  /**
   * Whether the ready line and the admin login line have been read, and the accounts after it: an ADMIN of
   * each company that has a booking page and a SUPERADMIN.
   */
  complete(): boolean {
    if (this.state.baseURL === undefined || this.state.adminLoginURL === undefined) return false;
    const admin = (name: string) => this.roles.some((r) => r.role === 'ADMIN' && r.companies.includes(name));
    return this.state.companies.every((c) => admin(c.name)) && this.roles.some((r) => r.role === 'SUPERADMIN');
  }

  /** The parsed state; throws when the output was incomplete. */
  result(): ServerState {
    const { baseURL, adminLoginURL, companies, admins } = this.state;
    if (!baseURL || !adminLoginURL) throw new Error('the server output lacks the ready or admin login line');
    return { baseURL, adminLoginURL, companies, admins };
  }

  private readLine(line: string): void {
    let m: RegExpMatchArray | null;
    if ((m = line.match(READY))) {
      this.state.baseURL = m[1];
    } else if ((m = line.match(BOOKING))) {
      const url = m[2];
      this.state.companies.push({ name: m[1], url, key: decodeURIComponent(new URL(url).pathname.slice(1)) });
    } else if ((m = line.match(ADMIN))) {
      this.state.adminLoginURL = m[1];
    } else if (this.state.adminLoginURL && (m = line.match(CREDENTIAL))) {
      this.state.admins.push({ email: m[1], password: m[2] });
      if (m[3]) this.roles.push({ role: m[3], companies: m[4].split(', ') });
    }
  }
}
