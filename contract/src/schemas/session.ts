import { Type } from 'typebox';

export const SessionWarningContentSchema = Type.Object({
  sessionExpireContinueButtonLabel: Type.String(),
  sessionExpireWarningBoxTitle: Type.String(),
  sessionExpireLogoutButtonLabel: Type.String(),
  generalSessionHelpExpireMessage: Type.String(),
  generalSessionAboutToExpireMessage: Type.String(),
  sessionExpirationWarningBoxPingUrl: Type.String(),
});

export const SessionRenewalSchema = Type.Object({
  idleExpiresAt: Type.Number(),
  absoluteExpiresAt: Type.Number(),
  serverTime: Type.Number(),
});
