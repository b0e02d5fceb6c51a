import { useState, type FormEvent } from 'react';
import { api, auth, ApiError } from '../../api/client';
import { AlertText } from '../../components/AlertText';
import './home.css';

/** Sign-in with the management API e-mail and access token printed on first start. */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [token, setToken] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    auth.set(email.trim(), token.trim(), remember);
    try {
      await api.info();
      onSignedIn();
    } catch (e) {
      auth.clear();
      setError(e instanceof ApiError && e.status === 401 ? 'That e-mail and token do not match this studio. Use the ones printed when its data directory was created.' : (e as Error).message);
    }
  };
  return (
    <form className="login" onSubmit={submit} aria-labelledby="login-title">
      <h2 id="login-title">Sign in</h2>
      <p>Use the e-mail and access token printed on the console when this data directory was created, or open the sign-in link the server printed.</p>
      <label>E-mail<input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="username" /></label>
      <label>Access token<input type="password" value={token} onChange={(e) => setToken(e.target.value)} required autoComplete="current-password" /></label>
      <label className="inline"><input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember on this browser</label>
      <AlertText error={error} />
      <button type="submit">Sign in</button>
    </form>
  );
}
