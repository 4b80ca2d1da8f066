/**
 * The most common passwords, from public breach corpora (top of the RockYou / NCSC lists), plus
 * the shop's own obvious words. A password on this list is refused whatever its length: attackers
 * try these first, so length rules alone do not protect them (NIST SP 800-63B, section 5.1.1.2).
 * Kept lowercase; compared case-insensitively. Shorter entries are kept for completeness even
 * though the length rule already refuses them.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', 'password', '12345678', 'qwerty', '123456789', '12345', '1234', '111111', '1234567', 'dragon', '123123',
  'baseball', 'abc123', 'football', 'monkey', 'letmein', '696969', 'shadow', 'master', '666666', 'qwertyuiop',
  '123321', 'mustang', '1234567890', 'michael', '654321', 'superman', '1qaz2wsx', '7777777', '121212', '000000',
  'qazwsx', '123qwe', 'killer', 'trustno1', 'jordan', 'jennifer', 'zxcvbnm', 'asdfgh', 'hunter', 'buster', 'soccer',
  'harley', 'batman', 'andrew', 'tigger', 'sunshine', 'iloveyou', '2000', 'charlie', 'robert', 'thomas', 'hockey',
  'ranger', 'daniel', 'starwars', 'klaster', '112233', 'george', 'computer', 'michelle', 'jessica', 'pepper', '1111',
  'zxcvbn', '555555', '11111111', '131313', 'freedom', '777777', 'pass', 'maggie', '159753', 'aaaaaa', 'ginger',
  'princess', 'joshua', 'cheese', 'amanda', 'summer', 'love', 'ashley', 'nicole', 'chelsea', 'biteme', 'matthew',
  'access', 'yankees', '987654321', 'dallas', 'austin', 'thunder', 'taylor', 'matrix',
  'password1', 'password12', 'password123', 'password1234',
  'passw0rd', 'p@ssword', 'p@ssw0rd', 'pa55word', 'pa55w0rd', 'passwort', 'motdepasse', 'contraseña', 'senha',
  'parola', 'wachtwoord', 'salasana', 'haslo123', 'qwerty123', 'qwerty1234', 'qwerty12345', 'qwertyui', 'qwertyu1',
  '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', '1qaz2wsx3edc', 'zaq12wsx', 'zaq1zaq1', 'zaq1xsw2', 'qazwsxedc',
  'qazxswedc', 'asdfghjk', 'asdfghjkl', 'asdf1234', 'zxcvbnm1', 'zxcvbnm123', '1234qwer', 'qwer1234', 'abcd1234',
  'abc12345', 'abcdef123', 'abcdefgh', 'abcdefg1', 'a1b2c3d4', 'aa123456', 'aaaaaaaa', '22222222', '33333333',
  '44444444', '55555555', '66666666', '77777777', '88888888', '99999999', '00000000', '12121212', '11223344',
  '12341234', '12344321', '13131313', '69696969', '87654321', '98765432', '123123123', '123454321', '1234554321',
  '12345678910', '123456789a', '123456789q', '12345qwert', '147258369', '147852369', '159357456', '159753159',
  '741852963', '789456123', '963852741', '0123456789', '1111111111', 'iloveyou1', 'iloveyou2', 'iloveu123',
  'loveyou1', 'lovelove', 'sunshine1', 'princess1', 'football1', 'baseball1', 'basketball', 'superman1', 'batman123',
  'spiderman', 'starwars1', 'whatever', 'whatever1', 'welcome', 'welcome1', 'welcome123', 'letmein1', 'letmein123',
  'monkey123', 'dragon123', 'master123', 'shadow123', 'michael1', 'jennifer1', 'jordan23', 'charlie1', 'hello123',
  'helloworld', 'freedom1', 'computer1', 'internet', 'changeme', 'changeme1', 'default1', 'administrator',
  'admin123', 'admin1234', 'adminadmin', 'root1234', 'secret123', 'mysecret', 'supersecret', '1password',
  '123password', 'password01', 'password2', 'password99', 'passpass', 'testtest', 'test1234', 'test12345',
  'testing123', 'guest123', 'user1234', 'login123', 'access14', 'master12', 'mustang1', 'michelle1', 'jessica1',
  'nicole12', 'ashley12', 'chocolate', 'butterfly', 'sweetheart', 'sweety123', 'sunflower', 'flower123', 'rainbow1',
  'pokemon1', 'pikachu1', 'naruto123', 'minecraft', 'fortnite1', 'liverpool', 'chelsea1', 'arsenal1', 'manchester',
  'barcelona', 'realmadrid', 'juventus', 'ronaldo7', 'messi101', 'football12', 'soccer123', 'hockey123', 'yankees1',
  'cowboys1', 'steelers', 'eagles12', 'lakers24', 'peanut12', 'cookie123', 'banana12', 'orange12', 'apple123',
  'pineapple', 'strawberry', 'cheese123', 'pizza123', 'coffee12', 'coffee123', 'coffeeshop', 'espresso',
  'cappuccino', 'latte123', 'starbucks', 'qwertyqwerty', 'asdasdasd', 'zxczxczxc', 'qweqweqwe', 'q1w2e3r4',
  'q1w2e3r4t5', '1q1q1q1q', 'a1a2a3a4', 'aaa11111', 'aaa12345', 'abc123456', 'abc123abc', 'iloveyou123', 'lovely123',
  'babygirl1', 'princesa', 'loveme123', 'angel123', 'anthony1', 'jesus123', 'jesuschrist', 'blessed1', 'godisgood',
  'trinity1', 'heaven12', 'samsung1', 'samsung123', 'nokia123', 'iphone12', 'google123', 'facebook1', 'youtube1',
  'linkedin', 'twitter1', 'microsoft', 'windows1', 'computer123', 'access123', 'security1', '1qazxsw2', '2wsx3edc',
  '3edc4rfv', '1qa2ws3ed', 'mypassword', 'yourpassword', 'newpassword', 'oldpassword', 'password!', 'password@',
  'password#', 'password1!', 'passw0rd!', 'p@ssw0rd1', 'qwerty1!', 'welcome1!', 'summer2020', 'summer2021',
  'summer2022', 'summer2023', 'summer2024', 'summer2025', 'winter2020', 'winter2021', 'winter2022', 'winter2023',
  'winter2024', 'winter2025', 'spring2024', 'autumn2024', 'january1', 'february', 'march2020', 'december1',
  'indonesia', 'jakarta1', 'bandung1', 'surabaya', 'garuda123', 'merdeka45', 'bismillah', 'sayang123', 'cintaku123',
  'kucing123', 'rahasia123', 'anjing123', 'indonesia1', 'sayangku', '12345678a', '1234567a', '123456abc',
  '123456qwe', 'qwe123456', 'asd123456', 'zxc123456', '1234abcd', 'qwerty12', 'qwerty11', 'qwerty01', 'asdfasdf',
  'asdf12345', 'zxcvzxcv', 'qwertyui1', 'trustme1', 'letmein!', 'iloveyou!', 'football!', 'monkey12', 'dragon11',
  'killer123', 'hunter12', 'hunter123', 'ranger12', 'buster12', 'harley12', 'tigger12', 'ginger12', 'pepper12',
  'maggie12', 'summer12', 'summer123', 'secret12', 'shadow12', 'master01', 'matrix123', 'hello1234', 'hellohello',
  '11112222', '12qwaszx', 'qwaszx12', '1qazzaq!', '!qaz2wsx',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;
