/** The staff sign-in page (being built). */
export function LoginPage() {
  return null;
}
