import { Type } from 'typebox';

export const LogoutLabelsSchema = Type.Object({
  'ng.you.have.been.logged.out': Type.String(),
  'ng.return.to.login.screen': Type.String(),
  cobrandHostInfo: Type.String(),
  fssoLogoutUrl: Type.Union([Type.String(), Type.Null()]),
  returnUrl: Type.String(),
  ssoLogin: Type.Boolean(),
});
