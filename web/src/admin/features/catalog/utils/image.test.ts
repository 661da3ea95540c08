import { checkImageFile, MAX_IMAGE_BYTES, photoName } from '@/admin/features/catalog/utils/image';

describe('the product image before upload', () => {
  it('takes PNG files up to 0.5 MB only', () => {
    expect(checkImageFile(new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }))).toBeUndefined();
    expect(checkImageFile(new File([new Uint8Array(10)], 'a.png', { type: 'image/jpeg' }))).toBe('type');
    expect(checkImageFile(new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'a.png', { type: 'image/png' }))).toBe('size');
  });

  it('is named by the camel-cased product name and the file name without extension', () => {
    expect(photoName('Night race Gold', 'kart photo.png')).toBe('nightRaceGoldkart photo');
    expect(photoName('  Sprint ', 'x.PNG')).toBe('sprintx');
  });
});
