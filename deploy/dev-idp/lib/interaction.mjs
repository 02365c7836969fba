// The login interaction: GET shows the form, POST checks the credentials and hands the customer
// back to the provider. The first-party client never sees a consent screen (see loadExistingGrant).
import { loginPage } from './pages.mjs';
import { readForm, sendHTML } from './form.mjs';

export function createInteraction({ provider, customers }) {
  const demoUsers = customers.all().map((c) => c.username);

  async function show(req, res) {
    const details = await provider.interactionDetails(req, res);
    const { prompt, uid, params } = details;
    if (prompt.name === 'login') {
      sendHTML(res, 200, loginPage({ action: req.url.split('?')[0], username: params.login_hint, demoUsers }));
      return;
    }
    if (prompt.name === 'consent') {
      // Only a client other than the first-party one lands here; dev clients are trusted too.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId: params.client_id });
      const missing = prompt.details;
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes || {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    throw new Error(`interaction ${uid} asks for prompt ${prompt.name}, which this provider does not offer`);
  }

  async function submit(req, res) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name !== 'login') {
      await show(req, res);
      return;
    }
    const form = await readForm(req);
    const username = (form.get('username') || '').trim();
    const customer = customers.authenticate(username, form.get('password') || '');
    if (!customer) {
      sendHTML(res, 401, loginPage({
        action: req.url.split('?')[0],
        username,
        error: 'Wrong username or password. Check both and try again.',
        demoUsers,
      }));
      return;
    }
    await provider.interactionFinished(req, res, {
      login: { accountId: customer.sub, remember: false },
    }, { mergeWithLastSubmission: false });
  }

  return { show, submit };
}
