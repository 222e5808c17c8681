// The worked example of docs/merchant-api.md "A worked example", copied verbatim. The unit test
// (signingExample.test.ts) reads the doc and checks each text below is contained in it, and signs
// the canonical string with the sample key to get the documented signature, so they cannot drift.

/** The sample key pair published in the doc: never use it for anything real. */
export const SAMPLE_PRIVATE_KEY = [
  '-----BEGIN PRIVATE KEY-----',
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDloEmlDBsQSH/m',
  'sLzWHXEAQnl3oH0IbV9ZlIDbpmMdt61fZbKwprhoHVyfIRsFTNCWsWrJRWqc088I',
  'L3Hxwsn26cWpqvP+f0jwTi6FFcm0wge5v2cL6/BjGmPdP7CQeJgUX6WSp32PnMjx',
  'Y7RVTFBZlwjn36+OsF2CnUdN7wJZn9ismT606Us3GeNnuA1e4tc+u31AJJL8RXyc',
  'jv3C1KtSFyVBgVksp+JNq9bKDTogzOF86prOJGMCD7vuMJHWb10MIHUf6A7WFPwY',
  '8rztQCcjszhDKkpH9dVX5crF87vJ2/JyeMZbjaF2vTVR7e4uu5BGmlcjIady+twr',
  '9o95vzzJAgMBAAECggEAIgvK/4q09IwbUqP/y6tf1s8EXYVRJI+65HhNRsP7zCsw',
  'rIVSojiF/QHler6Y2AdUohM6Jw+AyDHrb2ZBebwM3+w3X3m2ZZSPxvmAkkDxwDhI',
  'lvTXHYBlCvyds+8+iZ0nx1WLIhxtVH7FmGzVDxSakT4AlwimafyiULxrFxYJ/ima',
  'Jx5wwFmrkWzoIlEtEsPWjU9/NeDWVDoywrbLqw6G0We0Io/CCADOY1wgP9OdavVO',
  'rJ0TRd588QMvDThBjV+oaJIK8jaS7wgPGtByt9KtiZueMjC1xPINIbV1t2odAOOr',
  'y0INBxF+dQYOuMh1PUgE87pj4cxy/coZVMlYth0yJQKBgQD+RyOwpQYZZ5BTToSM',
  '3pA7qi5mUuBvWqb9PncXBAzW5eCmkVYaPJSeLqyYtHRAXuyTE+mlgdO5DC5Cir3m',
  'GEQUhX2g9cAgVgs2/6BbGJ872VO1XPQ/IAFo6ew0e4AplQcEzk8Bfpggsw4na2uX',
  'vrbdvYJl//EPcexpieOu36/LpwKBgQDnLmhb9VHtXMN0qrMcEs5zMEdQD3zh0YBi',
  'hX3gATFSHohInrshOe0bfegYVRgPbLVLK/e2wVJ13LDq5qQMah8DEq1hNlBeRLwF',
  'QPUUE9+3rAg1DZmoQ4sXhivDood6NJpsUAu6PiJUTkY7YImAyCMzDlBpKbb89EAG',
  '6Lb4ia0CDwKBgQDJyFxbJmnTqSqP4WQwgcHFh0Qw8R2nYDHaD0LkIdOqiVuf8v93',
  '7JEngfR3beQ+3NUx1gB41bDVTQQ8y+rseF82RcSvAbXIM1/M8kgnYj+id9EEwFIW',
  '8egMgG1wLH1FAj1CpBFwJyzD7jOSNp14GuD00Bl1pgh+8DHigokK0fmoSwKBgBtS',
  '7t6/lhlZ93gYnObaijAvKp6Z1gbSvjvmz0PkoDG2jiEXMcLxl8bCEOafWCKqlJr3',
  '7WVaYCayGO8Kp6UX/eZdFMUCqGkb8qUkUlM3LiAFY0rx+pFaulvjbdTHpv+YrA/V',
  'Pi2bHm+ceMyX0mi4PwDP1k03svse21p1svqZOyudAoGAaOqBMkxTWS1tzFHpHcD1',
  'W9iZLZYzxXjNyFQisHuNJiN7bN8VWTP82YH/CethZEJTR1HK6Acbv3jpVXXfw8Uv',
  'lE7hO7LJ65tH+V5DO6uZIjYYRnepVQ+g/WRMAaQqLZ9BDXm7ZoEhdRZKyRyEgkyU',
  'bQKPguOvjsl4GAUJQ3RTRo0=',
  '-----END PRIVATE KEY-----',
].join('\n');

export const SAMPLE_PUBLIC_KEY = [
  '-----BEGIN PUBLIC KEY-----',
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA5aBJpQwbEEh/5rC81h1x',
  'AEJ5d6B9CG1fWZSA26ZjHbetX2WysKa4aB1cnyEbBUzQlrFqyUVqnNPPCC9x8cLJ',
  '9unFqarz/n9I8E4uhRXJtMIHub9nC+vwYxpj3T+wkHiYFF+lkqd9j5zI8WO0VUxQ',
  'WZcI59+vjrBdgp1HTe8CWZ/YrJk+tOlLNxnjZ7gNXuLXPrt9QCSS/EV8nI79wtSr',
  'UhclQYFZLKfiTavWyg06IMzhfOqaziRjAg+77jCR1m9dDCB1H+gO1hT8GPK87UAn',
  'I7M4QypKR/XVV+XKxfO7ydvycnjGW42hdr01Ue3uLruQRppXIyGncvrcK/aPeb88',
  'yQIDAQAB',
  '-----END PUBLIC KEY-----',
].join('\n');

export const EXAMPLE_METHOD = 'POST';
export const EXAMPLE_PATH = '/merchant/v1/address';
/** 35 bytes, no trailing newline. */
export const EXAMPLE_BODY = '{"chainId":1337,"openId":"user-42"}';
/** 2026-11-22T08:00:00Z */
export const EXAMPLE_TIMESTAMP = '1795334400000';
export const EXAMPLE_NONCE = '8f14e45fceea167a5a36dedd4bea2543';
export const EXAMPLE_BODY_SHA256 = '154a958dad433bf094eac60de4768a2df54b813a5366b5f541e9e5971b6132d2';
/** SHA-256 of the empty string: the BODY_SHA256 of a GET. */
export const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The five lines of the canonical string, joined by a single \n (no newline at the end). */
export const EXAMPLE_CANONICAL_LINES = [EXAMPLE_METHOD, EXAMPLE_PATH, EXAMPLE_TIMESTAMP, EXAMPLE_NONCE, EXAMPLE_BODY_SHA256] as const;
export const EXAMPLE_CANONICAL = EXAMPLE_CANONICAL_LINES.join('\n');

/** PKCS#1 v1.5 is deterministic: the same key and string always give these bytes. */
export const EXAMPLE_SIGNATURE =
  'y5SJVwVrNFT3r2T7PmhHIxY+7UXFdTpPMaa4zUxZfzaQbqBngCtdgR1yImXixQw/fCtvG9uu+WmyMwdStn8GjUF910T3ARJ6Mr0xm9trvvqVA6Gb2TyNYg3ostBZ369fJr6rIXNnkRGi+xvfvd3XlCmZKX7b61DV7cFR0gt540gNOFRBiwZdbGez0hmLtC4fGHarTptdUh0u4a4M/BRC7tdmF1/MSe4jw/IyhJF6eckadyIyDHKFtsNf47VuEyraGJrRjLYHb6d9XTnJtcuMIWR3Gbw5CGhpR9J7gMv1PJbQVXt1jGwqCWWmhFQqHZ257Fj3J3S85C1O7GJZ3T1wlg==';

/** The shell script of the doc (openssl + curl). */
export const OPENSSL_SCRIPT = String.raw`API_KEY='ck_0123456789abcdef_...'           # yours, from System > API key
BASE='http://127.0.0.1:8080'
METHOD=POST
URL_PATH=/merchant/v1/address
BODY='{"chainId":1337,"openId":"user-42"}'
TS=1795334400000                            # live: TS=$(date +%s%3N)  (GNU date)
NONCE=8f14e45fceea167a5a36dedd4bea2543      # live: NONCE=$(openssl rand -hex 16)

BODY_SHA256=$(printf '%s' "$BODY" | openssl dgst -sha256 -r | cut -d' ' -f1)
printf '%s\n%s\n%s\n%s\n%s' "$METHOD" "$URL_PATH" "$TS" "$NONCE" "$BODY_SHA256" > canonical.txt
SIGNATURE=$(openssl dgst -sha256 -sign sample.key canonical.txt | openssl base64 -A)

curl -sS -X "$METHOD" "$BASE$URL_PATH" \
  -H 'content-type: application/json' \
  -H "X-Api-Key: $API_KEY" -H "X-Timestamp: $TS" -H "X-Nonce: $NONCE" \
  -H "X-Signature: $SIGNATURE" \
  --data-raw "$BODY"`;

/** How Coffer checks a signature; prints "Verified OK". */
export const OPENSSL_VERIFY =
  'openssl base64 -d -A <<< "$SIGNATURE" > sig.bin && openssl dgst -sha256 -verify merchant.pub -signature sig.bin canonical.txt';

/** The line of OPENSSL_SCRIPT naming the server; the screen shows the console's own origin there. */
export const OPENSSL_BASE_LINE = "BASE='http://127.0.0.1:8080'";
