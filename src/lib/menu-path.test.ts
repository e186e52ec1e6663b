import { describe, expect, it } from 'vitest';
import { isAppPath, menuGroupPath } from './menu-path';

describe('menuGroupPath', () => {
  it('lowercases the name and turns every space into a hyphen', () => {
    expect(menuGroupPath('Manage User')).toBe('/manage-user');
    expect(menuGroupPath('Manage Complaint')).toBe('/manage-complaint');
    expect(menuGroupPath('Invoicing')).toBe('/invoicing');
    expect(menuGroupPath('A  B C')).toBe('/a--b-c');
  });
});

describe('isAppPath', () => {
  it('accepts paths inside the app and nothing that could leave it', () => {
    expect(isAppPath('/manage-user/type')).toBe(true);
    expect(isAppPath('//evil.example/x')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('https://evil.example')).toBe(false);
    expect(isAppPath('javascript:alert(1)')).toBe(false);
  });
});
