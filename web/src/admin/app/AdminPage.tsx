/** The back office (being built). */
export function AdminPage() {
  return null;
}
