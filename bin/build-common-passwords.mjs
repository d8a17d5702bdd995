#!/usr/bin/env node
// Writes lib/auth/common-passwords.json: passwords that people pick first and that cracking
// dictionaries try first, lowercased, 12 characters or longer (shorter ones fail the length rule
// already). Assembled from the well-known leaked-password top lists and the patterns they show:
// common words and names with digit and symbol tails, "password" and "welcome" with years,
// seasons, months, brands and sports teams with years, keyboard walks, repeated words, digit runs,
// and this app's own published demo passwords. Run it again after changing the seeds below:
//   node bin/build-common-passwords.mjs
import { writeFileSync } from "node:fs";
import path from "node:path";

const MIN_LENGTH = 12;

/** The most common passwords of the public leak top lists (any length; short ones get tails). */
const topPasswords = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn
555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda
summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor
matrix mobilemail mom monitor monitoring montana moon moscow william corvette hello martin heather
secret merlin diamond 1234qwer gfhjkm hammer silver 222222 88888888 anthony justin test bailey
q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha bigdog guitar
jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon
cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer
booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234
compaq purple hardcore banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london
tennis 999999 ncc1701 coffee scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother
forever johnny edward 333333 oliver redsox player nikita knight fender barney midnight please brandy
chicago badboy slayer rangers charles angel flower bigdaddy rabbit wizard bigdick jasper enter
rachel chris 7777 gandalf winter 1q2w3e4r5t hunter2 welcome1 passw0rd p@ssw0rd p@ssword admin
administrator root toor changeme default guest login letmein1 qwerty123 password1 password123
1q2w3e4r 1q2w3e 1qazxsw2 zaq12wsx zaq1zaq1 qazwsxedc aa123456 abcd1234 abc12345 a1b2c3d4 iloveyou1
lovely 888888 donald liverpool football1 baseball1 princess1 sunshine1 solo 1234561 naruto pokemon
superman1 azerty qwertz trustno1 whatever1 batman1 starwars1 dragon1 monkey1 shadow1 master1
michael1 charlie1 jordan23 jordan1 zxcvbnm1 asdfghjkl asdf1234 1234asdf asdfasdf qweasdzxc 123qweasd
qweqwe 123abc abcabc hello123 welcome123 admin123 admin1234 root123 test123 test1234 pass123
pass1234 password12 password1234 letmein123 iloveyou123 loveyou lovelove ilovegod jesus jesus1
christ blessed blessing angel1 angels butterfly friends friend family family1 flowers heaven
hottie sexy sexy123 babygirl babygirl1 baby princess123 myspace myspace1 facebook google youtube
linkedin twitter instagram netflix spotify amazon apple microsoft windows linux ubuntu android
iphone samsung1 nokia playstation xbox360 minecraft fortnite roblox pokemon1 naruto1 onepiece
dragonball zelda mario nintendo warcraft starcraft counterstrike matrix1 neo trinity morpheus
hogwarts harrypotter gryffindor frodo gandalf1 legolas sauron skywalker vader yoda chewbacca
liverpool1 chelsea1 arsenal1 manchester manutd barcelona realmadrid juventus milan bayern
celtic rangers1 yankees1 redsox1 cowboys1 steelers1 patriots eagles1 packers lakers1 bulls
`;

/** Words and names people build passwords from. */
const words = `
password passw0rd p@ssw0rd p@ssword pa55word passwort motdepasse contrasena wachtwoord salasana
qwerty qwertz azerty letmein welcome iloveyou admin administrator root superuser guest login
changeme default secret topsecret supersecret access master trustno1 whatever computer internet
dragon monkey shadow sunshine princess football baseball basketball soccer hockey tennis golf
superman batman spiderman ironman starwars pokemon charlie freedom summer winter spring autumn
love lovely flower chocolate cookie cheese pepper ginger banana orange apple cherry strawberry
michael jennifer jordan hunter ranger buster tigger thomas robert daniel andrew joshua matthew
jessica ashley amanda michelle nicole samantha elizabeth christopher anthony william david james
john maria sarah laura emily emma olivia sophia isabella alexander benjamin
google facebook microsoft linkedin twitter instagram amazon netflix spotify samsung iphone
android windows linux ubuntu oracle cisco company business office work server database
goldenset larkspur tern search retrieval golden
liverpool chelsea arsenal manchester barcelona madrid juventus yankees cowboys steelers lakers
london paris berlin newyork chicago boston dallas texas california florida america canada
england germany france brazil mexico india china japan
jesus jesusloves godisgood blessed heaven angel butterfly friends family
mustang ferrari porsche mercedes corvette camaro harley yamaha honda toyota
tiger eagle falcon wolf lion bear shark dolphin panther cobra
matrix hello hello world test testing monday friday weekend holiday
`;

const seasons = ["spring", "summer", "autumn", "fall", "winter"];
const months = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** Keyboard walks and digit runs, long enough on their own or with a tail. */
const walks = `
qwertyuiop qwertyuiop[] qwertyuiopasdfghjkl qwertyuiopasdfghjklzxcvbnm asdfghjkl asdfghjkl;
asdfghjklzxcvbnm zxcvbnm zxcvbnm,./ 1qaz2wsx 1qaz2wsx3edc 1qaz2wsx3edc4rfv 1qaz2wsx3edc4rfv5tgb
qazwsxedc qazwsxedcrfv qazwsxedcrfvtgb qazxswedc zaq12wsx zaq12wsxcde3 zaq1xsw2cde3 1qazxsw2
1qazxsw23edc !qaz@wsx !qaz@wsx#edc !qaz2wsx 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1q2w3e4r5t6y7u
1q2w3e4r5t6y7u8i 1q2w3e4r5t6y7u8i9o0p q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 q1w2e3r4t5y6u7
qweasdzxc qweasdzxc123 123qweasdzxc 123qweasd qweasd123 qwe123asd qwe123qwe qwerasdfzxcv
qwer1234 1234qwer qwert12345 12345qwert qwerty123 qwerty1234 qwerty12345 qwerty123456
123456qwerty 1234567qwerty qwertyqwerty asdf1234 1234asdf asdfqwer asdfqwerzxcv asdfjkl;
zxcv1234 1234zxcv zxcvasdfqwer poiuytrewq lkjhgfdsa mnbvcxz 0987654321 1234567890
12345678901 123456789012 1234567890123 12345678910 123456789101112 0123456789 01234567890
09876543210 987654321 9876543210 98765432109876 1029384756 0192837465 147258369 159357456
147852369 741852963 963852741 789456123 123456789a a123456789 1234567890a abc1234567890
abcdefghijkl abcdefghijklmnop abcdefg12345 abcdef123456 abc123abc123 abcabcabcabc
aaaaaaaaaaaa 111111111111 000000000000 222222222222 999999999999 123123123123 121212121212
112233445566 111222333444 123321123321 123454321 1234554321 12344321 11223344556677
qazwsx123 qazwsx123456 123qazwsx qwertyuiop123 qwertyuiop1234 asdfghjkl123 zxcvbnm123
zxcvbnm1234 zxcvbnm123456 qwertyu qwertyui 1qa2ws3ed 1qa2ws3ed4rf 2wsx3edc 3edc4rfv
`;

/** The tails people add to a word to pass a "at least N characters, one digit" rule. */
const tails = [
  "",
  "1",
  "12",
  "123",
  "1234",
  "12345",
  "123456",
  "1234567",
  "12345678",
  "123456789",
  "!",
  "1!",
  "12!",
  "123!",
  "1234!",
  "12345!",
  "!!",
  "!!!",
  "!@#",
  "!@#$",
  "@123",
  "@1234",
  "#123",
  "123#",
  "01",
  "007",
  "11",
  "22",
  "69",
  "99",
  "2023",
  "2024",
  "2025",
  "2026",
];
const years = [];
for (let year = 2010; year <= 2030; year++) years.push(String(year));

function split(text) {
  return text.split(/\s+/).filter(Boolean);
}

const out = new Set();
function add(candidate) {
  const normalized = candidate.trim().toLowerCase();
  if (normalized.length >= MIN_LENGTH) out.add(normalized);
}

const tops = split(topPasswords);
const bases = [...new Set([...split(words), ...tops])];

for (const base of bases) {
  for (const tail of tails) add(base + tail);
  add(base + base);
  add(`${base}${base}1`);
  add(`${base}${base}123`);
  add(`my${base}123`);
  add(`ilove${base}`);
  add(`ilove${base}123`);
  add(`${base}4ever`);
  add(`${base}forever`);
  add(`123456${base}`);
}

// "password", "welcome" and the usual corporate bases with a year (and a symbol)
const yearBases = [
  "password",
  "passw0rd",
  "p@ssw0rd",
  "p@ssword",
  "welcome",
  "welcome@",
  "letmein",
  "changeme",
  "admin",
  "admin@",
  "company",
  "office",
  "qwerty",
  "iloveyou",
  "goldenset",
  ...seasons,
  ...months,
];
const brandYearBases = [
  "google",
  "facebook",
  "microsoft",
  "linkedin",
  "twitter",
  "amazon",
  "netflix",
  "spotify",
  "samsung",
  "iphone",
  "android",
  "windows",
  "football",
  "baseball",
  "basketball",
  "soccer",
  "liverpool",
  "chelsea",
  "arsenal",
  "barcelona",
  "yankees",
  "cowboys",
  "christmas",
  "holiday",
  "birthday",
  "monday",
  "friday",
];
for (const base of yearBases) {
  for (const year of years) {
    for (const symbols of ["", "!", "!!", "@", "#", "$"]) add(`${base}${year}${symbols}`);
    add(`${base}@${year}`);
    add(`${base}_${year}`);
  }
}
for (const base of brandYearBases) {
  for (const year of years.filter((year) => year >= "2018")) {
    add(`${base}${year}`);
    add(`${base}${year}!`);
    add(`${base}@${year}`);
  }
}
for (const season of seasons)
  for (const year of years) {
    add(`${season}time${year}`);
    add(`${season}of${year}`);
  }

for (const walk of split(walks)) {
  for (const tail of ["", "1", "12", "123", "1234", "12345", "123456", "!", "1!", "123!", "!@#"])
    add(walk + tail);
  add(walk + walk);
}
for (const digit of "0123456789")
  for (let length = MIN_LENGTH; length <= 20; length++) add(digit.repeat(length));

// Phrases from the leak lists and from people told "use a passphrase"
for (const phrase of [
  "correcthorsebatterystaple",
  "correct horse battery staple",
  "thequickbrownfox",
  "thequickbrownfoxjumpsoverthelazydog",
  "the quick brown fox",
  "iloveyouforever",
  "iloveyousomuch",
  "iloveyoubaby",
  "letmeinnow",
  "letmeinplease",
  "opensesame",
  "opensesame123",
  "thisismypassword",
  "thisisapassword",
  "thisisatest",
  "thisismysecret",
  "mypasswordis",
  "mysecretpassword",
  "secretpassword",
  "supersecretpassword",
  "verysecretpassword",
  "strongpassword",
  "strongpassword1",
  "securepassword",
  "securepassword1",
  "goodpassword",
  "newpassword",
  "newpassword1",
  "oldpassword",
  "changemenow",
  "changeme1234",
  "pleasechangeme",
  "temppassword",
  "temporarypassword",
  "defaultpassword",
  "adminpassword",
  "rootpassword",
  "passwordpassword",
  "passwordispassword",
  "nopasswordhere",
  "letmein12345",
  "welcometothejungle",
  "welcome to the jungle",
  "maytheforcebewithyou",
  "whatsupdoc",
  "trustnoone",
  "iamthebest",
  "iamgod",
  "godisgreat",
  "godisgood1234",
  "jesusismylord",
  "jesuslovesme",
  "blink182blink182",
  "manchesterunited",
  "manchestercity",
  "realmadridcf",
  "fcbarcelona",
  "newyorkyankees",
  "dallascowboys",
  "harrypotter",
  "hermionegranger",
  "lordoftherings",
  "starwarsfan",
  "darthvader",
  "lukeskywalker",
  "spongebobsquarepants",
  "chucknorris",
  "princessbride",
  "onetwothreefour",
  "abcdefghijklmnopqrstuvwxyz",
  "qwertyuiopasdfghjklzxcvbnm",
  "pa$$w0rd",
  "pa$$word",
  "p@$$w0rd",
  "p@$$word",
]) {
  for (const tail of ["", "1", "123", "!", "1!", "2024", "2025", "2026"]) add(phrase + tail);
}

// This app's own demo passwords are published in the README and on the sign-in page.
for (const role of ["admin", "engineer", "annotator"]) {
  for (const separator of ["-", "_", ".", "", " "]) {
    add(`goldenset${separator}${role}`);
    add(`${role}${separator}goldenset`);
  }
}

const sorted = [...out].sort();
const target = path.resolve(import.meta.dirname, "../lib/auth/common-passwords.json");
writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${sorted.length} passwords → ${path.relative(process.cwd(), target)}`);
