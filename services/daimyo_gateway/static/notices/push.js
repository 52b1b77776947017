// @ts-check
// This device's Web Push subscription: the service worker registered at the site's root, the
// browser's PushManager subscribed with the notifier's VAPID key, and the subscription handed to
// the gateway (one per device: the browser gives one endpoint per site). DOM-free apart from
// `navigator`, so the panel and the tests share it.

import { call, get } from "../shell/api.js";
import { currentLocale } from "../shell/i18n.js";

/** Whether this browser can receive pushes at all. */
export function supported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The worker's registration (registered once, at /sw.js so its scope is the whole site). */
export async function registration() {
  return navigator.serviceWorker.getRegistration("/").then((found) => found ?? navigator.serviceWorker.register("/sw.js", { scope: "/" }));
}

/** @returns {Promise<PushSubscription | null>} */
export async function current() {
  if (!supported()) return null;
  return (await registration()).pushManager.getSubscription();
}

/**
 * The VAPID key as the bytes `applicationServerKey` takes.
 * @param {string} base64url
 */
export function keyBytes(base64url) {
  const padded = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/** Ask, subscribe and tell the gateway; the reason when it cannot ("denied" | "unsupported"). */
export async function turnOn() {
  if (!supported()) return "unsupported";
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  const { public_key: key } = await get("/api/notices/push-key");
  const reg = await registration();
  const subscription = (await reg.pushManager.getSubscription())
    ?? await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  await call("POST", "/api/notices/devices", { ...subscription.toJSON(), locale: currentLocale() });
  return "";
}

export async function turnOff() {
  const subscription = await current();
  if (!subscription) return;
  await call("DELETE", "/api/notices/devices", { endpoint: subscription.endpoint }).catch(() => null);
  await subscription.unsubscribe();
}
