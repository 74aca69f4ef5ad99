// The production security headers, in one place: the static test server sends them, README's nginx config mirrors them.
export function contentSecurityPolicy(connectSrc) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets style attributes and injects <style> for CSS variables.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export function securityHeaders({ connectSrc, csp = true }) {
  return {
    ...(csp ? { 'content-security-policy': contentSecurityPolicy(connectSrc) } : {}),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}
