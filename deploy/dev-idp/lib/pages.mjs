// The provider's HTML pages: plain, accessible forms with no scripts or assets from elsewhere.

export function escapeHTML(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({
    '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
  })[c]);
}

const style = `body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;margin-top:.25rem}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}[role=alert]{color:#a00;border:1px solid #a00;padding:.5rem;margin-top:1rem}
code{background:#f3f3f3;padding:0 .2rem}`;

function page(title, body, lang = 'en') {
  return `<!DOCTYPE html>
<html lang="${escapeHTML(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHTML(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

// The login form of an interaction. `error` is shown in an alert and tied to the inputs.
export function loginPage({ action, username = '', error, demoUsers = [] }) {
  const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  const hint = demoUsers.length
    ? `<p>Demo customers: ${demoUsers.map((u) => `<code>${escapeHTML(u)}</code>`).join(', ')} (password <code>demo</code>).</p>`
    : '';
  return page('Log in', `<h1>Log in</h1>
${error ? `<p id="login-error" role="alert">${escapeHTML(error)}</p>` : ''}
<form method="post" action="${escapeHTML(action)}" autocomplete="off">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" required autofocus value="${escapeHTML(username)}"${invalid}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<button type="submit">Log in</button>
</form>
${hint}`);
}

// `form` is the provider's hidden form (id op.logoutForm, with its xsrf field).
export function logoutPage(form, automatic) {
  if (automatic) {
    const autoForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
    return page('Logging out', `<h1>Logging out</h1>
${autoForm}
<noscript><button type="submit" form="op.logoutForm">Log out</button></noscript>
<script>document.getElementById('op.logoutForm').submit()</script>`);
  }
  return page('Log out', `<h1>Do you want to log out?</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Log out</button>
<button type="submit" form="op.logoutForm">Stay logged in</button>`);
}

export function loggedOutPage() {
  return page('Logged out', '<h1>You are logged out</h1>');
}

export function errorPage(out) {
  const rows = Object.entries(out)
    .map(([key, value]) => `<dt>${escapeHTML(key)}</dt><dd>${escapeHTML(value)}</dd>`).join('');
  return page('Login error', `<h1>Something went wrong</h1><dl>${rows}</dl>`);
}
