import { maskPhone } from './phone';

describe('maskPhone (first 4 characters, xxxxx, last 3)', () => {
  it.each([
    ['081234567890', '0812xxxxx890'],
    ['081298765432', '0812xxxxx432'],
    ['+6281234567890', '+628xxxxx890'],
    ['08123456', '0812xxxxx456'],
    [' 081234567890 ', '0812xxxxx890'],
    ['0812345', '0xxxxx'],
    ['', 'xxxxx'],
  ])('%s → %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});
