// Steps the browser tests and `npm run screens` (scripts/screen-steps.mjs) take alike, as a person would. By field ids
// and the form's submit button, not by labels, so that a test or a shot in any language takes them the same way.

/** Signs in on the sign-in page the browser is on. */
export async function signInAs(page, userId, password) {
  await page.locator('#userId').fill(userId);
  await page.locator('#password').fill(password);
  await page.locator('form.portal-signin__form button[type="submit"]').click();
}

/** On the new-PIN screen: the PIN twice and the token's next code, saved (the logout screen follows). */
export async function setNewPin(page, pin, nextCode) {
  await page.locator('#pin').fill(pin);
  await page.locator('#confirm').fill(pin);
  await page.locator('#passcode').fill(nextCode);
  await page.locator('form.portal-form button[type="submit"]').click();
}

/** Signs in at a demo identity provider's login page (scripts/demo-idp), which is in English only. */
export async function signInAtProvider(page, user, password) {
  await page.getByLabel('User name').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A platform authenticator with resident keys and user verification that answers at once (CDP WebAuthn). */
export async function virtualAuthenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      ...{ protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true },
      ...{ isUserVerified: true, automaticPresenceSimulation: true },
    },
  });
}
