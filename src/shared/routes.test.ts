import { describe, expect, it } from 'vitest';
import { isAppRoute, isDataPage, isPublicPage, redirectAt, routePattern, SITEMAP_PAGES } from './routes.ts';

describe('the app addresses on the server', () => {
  it('matches paths as react-router does: parameters are one segment, a final /* anything below, case and one trailing slash aside', () => {
    expect(routePattern('/ideas/:id').exec('/Ideas/abc/')?.groups).toEqual({ id: 'abc' });
    expect(routePattern('/ideas/:id').test('/ideas/a/b')).toBe(false);
    expect(routePattern('/ideas/:id').test('/ideas/')).toBe(false);
    expect(routePattern('/admin/*').test('/admin')).toBe(true);
    expect(routePattern('/admin/*').test('/admin/users/1')).toBe(true);
    expect(routePattern('/admin/*').test('/administrator')).toBe(false);
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/').test('/x')).toBe(false);
  });

  it('knows which addresses are pages, which are the same for every visitor and which need the database', () => {
    for (const page of ['/', '/about', '/ideas/1', '/makers/m', '/dashboard', '/admin/users', '/auth/verified', '/newsletter/confirm']) expect(isAppRoute(page), page).toBe(true);
    for (const other of ['/no/such/page', '/ideas-of-mine', '/about/more', '/newsletter/other']) expect(isAppRoute(other), other).toBe(false);
    expect(['/', '/about', '/privacy', '/terms', '/ideas/1', '/makers/m'].filter(isPublicPage)).toHaveLength(6);
    expect(['/dashboard', '/unsubscribe', '/auth', '/no/such/page'].filter(isPublicPage)).toEqual([]);
    expect(['/', '/ideas/1', '/makers/m', '/unsubscribe'].every(isDataPage)).toBe(true);
    expect(['/about', '/privacy', '/dashboard'].some(isDataPage)).toBe(false);
  });

  it("redirects the details page's other address to it, on this site whatever the address carries", () => {
    expect(redirectAt('/idea/abc')).toBe('/ideas/abc');
    expect(redirectAt('/idea/%2F%2Fevil.example')).toBe('/ideas/%2F%2Fevil.example');
    expect(redirectAt('/idea/%E0%A4%A')).toBe('/ideas/%25E0%25A4%25A');
    expect(redirectAt('/ideas/abc')).toBeNull();
  });

  it('lists home and the fixed public pages in the sitemap', () => {
    expect(SITEMAP_PAGES).toEqual(['/', '/about', '/privacy', '/terms']);
  });
});
