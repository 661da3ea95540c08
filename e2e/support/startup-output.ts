import type { ServerState } from './state.ts';

const READY = /^Pitlane is ready at (https?:\/\/\S+?)\/?\s*$/;
const BOOKING = /^Booking page \((.+)\): (https?:\/\/\S+?)\/?\s*$/;
const ADMIN = /^Admin login: (https?:\/\/\S+?)\s*$/;
const CREDENTIAL = /^\s+(\S+@\S+)\s+password:\s*(\S+)/;

/**
 * Reads `pitlane serve --demo` start-up output line by line:
 *
 *     Pitlane is ready at http://127.0.0.1:PORT
 *     Booking page (COMPANY NAME): http://127.0.0.1:PORT/KEY     (one per demo company)
 *     Admin login: http://127.0.0.1:PORT/login
 *       EMAIL   password: PASSWORD  (ROLE of COMPANIES)          (indented, one per account)
 */
export class StartupOutput {
  private state: Partial<ServerState> & Pick<ServerState, 'companies' | 'admins'> = { companies: [], admins: [] };
  private pending = '';

  /** Feeds a chunk of stdout; returns true once the ready line and the admin login line have both been read. */
  push(chunk: string): boolean {
    this.pending += chunk;
    const lines = this.pending.split(/\r?\n/);
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.readLine(line);
    return this.complete();
  }

  /** Whether the ready line and the admin login line have been read. */
  complete(): boolean {
    return this.state.baseURL !== undefined && this.state.adminLoginURL !== undefined;
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
    }
  }
}
