<?php
// Loaded before every request (php -d auto_prepend_file). SimpleSAMLphp 1.19 encrypts an assertion for an SP's
// certificate with RSA-OAEP and always AES-128-CBC for the content (saml2's EncryptedAssertion::setAssertion); its
// `sharedkey_algorithm` applies to a pre-shared symmetric key only. A test that asks for another content algorithm
// gets a copy of that one class with the algorithm changed, written beside this file; everything else is SimpleSAMLphp.
$patched = getenv('SIMPLESAMLPHP_CONFIG_DIR') . '/EncryptedAssertion.php';
if (is_file($patched)) {
    require_once $patched;
}
